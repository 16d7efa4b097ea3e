/**
 * A view of the Analytics page: the report's parameters, the preview's filters and sort, the
 * summary, the chart, Compare periods and retention choices. Saved by name in this browser
 * (`hooks/use-saved-views.ts`) and shared as a link whose state is in the URL fragment, as the
 * console's share links are: `#` + encodeURIComponent(JSON.stringify(state)). A fragment never
 * reaches a server; a view holds no token, no service URL and no header, by construction: what
 * is read back is validated field by field and only the known fields are kept. Pure.
 */
import {
  DEFAULT_GRANULARITY,
  isGranularity,
  type ReportForm,
} from '../../../shared/contracts/report-params.ts';
import { PERIODS, type Period } from './periods.ts';
import type { CohortPeriod } from './retention.ts';
import type { SummarySpec } from './summary-spec.ts';

type Direction = 'ascending' | 'descending';

/** The preview's sort and filters, by column name (a view outlives the column order). */
export interface TableView {
  sort?: { column: string; direction: Direction };
  filters: Record<string, string>;
  global: string;
}

/** The report chart's choices; unset ones take the chart's defaults. */
export interface ChartChoice {
  metric?: string;
  per?: Period;
  split?: '' | 'client' | 'language';
}

/** Compare periods' choices. */
export interface CompareChoice {
  metric?: string;
  length?: number;
}

export interface ViewState {
  report: ReportForm;
  table: TableView;
  summary: SummarySpec;
  chart: ChartChoice;
  compare: CompareChoice;
  retention: { per?: CohortPeriod };
}

export interface SavedView {
  name: string;
  /** ms since the epoch. */
  savedAt: number;
  view: ViewState;
}

export const EMPTY_TABLE: TableView = { filters: {}, global: '' };

/** Marks a fragment as an analytics view (and its format's version). */
const VERSION = 1;
/** Longest name kept; names are trimmed. */
const NAME_MAX = 100;

type Json = Record<string, unknown>;
const isObject = (x: unknown): x is Json => !!x && typeof x === 'object' && !Array.isArray(x);
const str = (x: unknown): string | undefined => (typeof x === 'string' ? x : undefined);
const direction = (x: unknown): Direction | undefined =>
  x === 'ascending' || x === 'descending' ? x : undefined;
const DATE = /^(\d{4}-\d{2}-\d{2})?$/;

function parseReport(x: unknown): ReportForm | undefined {
  if (!isObject(x)) return undefined;
  const granularity = str(x.granularity) ?? '';
  const startDate = str(x.startDate) ?? '';
  const endDate = str(x.endDate) ?? '';
  return {
    host: str(x.host) ?? '',
    granularity: isGranularity(granularity) ? granularity : DEFAULT_GRANULARITY,
    startDate: DATE.test(startDate) ? startDate : '',
    endDate: DATE.test(endDate) ? endDate : '',
  };
}

function parseTable(x: unknown): TableView {
  if (!isObject(x)) return EMPTY_TABLE;
  const filters: Record<string, string> = {};
  if (isObject(x.filters))
    for (const [k, v] of Object.entries(x.filters)) if (typeof v === 'string' && v) filters[k] = v;
  const sort = isObject(x.sort) ? x.sort : undefined;
  const column = str(sort?.column);
  const dir = direction(sort?.direction);
  return {
    ...(column && dir ? { sort: { column, direction: dir } } : {}),
    filters,
    global: str(x.global) ?? '',
  };
}

function parseSummary(x: unknown): SummarySpec | undefined {
  if (!isObject(x) || !Array.isArray(x.by)) return undefined;
  const by = x.by.filter((d): d is string => typeof d === 'string').slice(0, 2);
  const limit = typeof x.limit === 'number' && x.limit > 0 ? Math.floor(x.limit) : 100;
  const sort = isObject(x.sort) ? x.sort : undefined;
  const column = str(sort?.column);
  const dir = direction(sort?.direction);
  return {
    by,
    value: str(x.value) ?? 'rows',
    limit,
    ...(column && dir ? { sort: { column, direction: dir } } : {}),
  };
}

function parseChart(x: unknown): ChartChoice {
  if (!isObject(x)) return {};
  const per = PERIODS.find((p) => p === x.per);
  const split = x.split === 'client' || x.split === 'language' ? x.split : undefined;
  return { metric: str(x.metric), per, split };
}

function parseCompare(x: unknown): CompareChoice {
  if (!isObject(x)) return {};
  const length = typeof x.length === 'number' && x.length > 0 ? Math.floor(x.length) : undefined;
  return { metric: str(x.metric), length };
}

/** Only the fields that are set (a link stays short, and `undefined` is not JSON). */
function compact<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

/**
 * A view read back from storage or a link, field by field; undefined when it has no report
 * parameters or summary (not a view). Unknown fields (a token pasted into a link) are dropped.
 */
export function parseViewState(x: unknown): ViewState | undefined {
  if (!isObject(x)) return undefined;
  const report = parseReport(x.report);
  const summary = parseSummary(x.summary);
  if (!report || !summary) return undefined;
  const retention = isObject(x.retention) ? x.retention : {};
  const per = retention.per === 'week' || retention.per === 'month' ? retention.per : undefined;
  return {
    report,
    table: parseTable(x.table),
    summary,
    chart: compact(parseChart(x.chart)),
    compare: compact(parseCompare(x.compare)),
    retention: compact({ per }),
  };
}

/** The link fragment (with its `#`) of a view. */
export function encodeViewLink(view: ViewState): string {
  const clean = parseViewState(view);
  return '#' + encodeURIComponent(JSON.stringify({ analyticsView: VERSION, ...clean }));
}

/** The view in a fragment (`location.hash`), or undefined when it holds none; never throws. */
export function decodeViewLink(hash: string): ViewState | undefined {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!raw) return undefined;
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(raw));
    return isObject(parsed) && parsed.analyticsView === VERSION
      ? parseViewState(parsed)
      : undefined;
  } catch {
    return undefined;
  }
}

/** A view name as kept: trimmed, at most 100 characters. */
export function cleanViewName(name: string): string {
  return name.trim().slice(0, NAME_MAX);
}

/** Saved views read back from storage: the valid ones, names unique (the latest kept), by name. */
export function parseSavedViews(x: unknown): SavedView[] {
  if (!Array.isArray(x)) return [];
  const byName = new Map<string, SavedView>();
  for (const item of x) {
    if (!isObject(item)) continue;
    const name = cleanViewName(str(item.name) ?? '');
    const view = parseViewState(item.view);
    const savedAt = typeof item.savedAt === 'number' ? item.savedAt : 0;
    const had = byName.get(name);
    if (name && view && (!had || had.savedAt <= savedAt)) byName.set(name, { name, savedAt, view });
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** `list` with `saved` added, or replacing the view of the same name. */
export function upsertView(list: readonly SavedView[], saved: SavedView): SavedView[] {
  return parseSavedViews([...list.filter((v) => v.name !== saved.name), saved]);
}

/** `list` without the view named `name`. */
export function removeView(list: readonly SavedView[], name: string): SavedView[] {
  return list.filter((v) => v.name !== name);
}
