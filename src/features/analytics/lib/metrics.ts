/**
 * What the charts, the summary and "Compare periods" can measure: active users (distinct users),
 * all events (the event columns added up), a measure column (summed) or a rate column (the ratio
 * of its parts' sums where the report has them, `lib/rates.ts`, else the mean of its rows,
 * labelled so), never an identifier, date or text column. Pure.
 */
import type { ColumnInfo } from './column-roles.ts';
import type { Measure } from './summarize.ts';

export type MetricRef =
  | { kind: 'active-users' }
  | { kind: 'events' }
  | { kind: 'rows' }
  | { kind: 'column'; name: string };

export interface MetricOption {
  /** Stable id for a <select> value: `active-users`, `events`, `rows`, `col:<header>`. */
  id: string;
  label: string;
  ref: MetricRef;
}

const ACTIVE_USERS = 'Active users';
const ALL_EVENTS = 'All events';
const RATIO = ' (ratio of sums)';
const MEAN_OF_ROWS = ' (mean of rows)';

/** A rate's name as the page writes it: how it is computed over many rows is part of it. */
function rateLabel(c: ColumnInfo): string {
  return c.name + (c.ratio ? RATIO : MEAN_OF_ROWS);
}

/** The event columns that make up "All events". */
function eventColumns(cols: readonly ColumnInfo[]): ColumnInfo[] {
  return cols.filter((c) => c.event);
}

/** Metrics a report offers, most useful first: active users, all events, measures, rates. */
export function metricOptions(cols: readonly ColumnInfo[]): MetricOption[] {
  const out: MetricOption[] = [];
  if (cols.some((c) => c.role === 'user'))
    out.push({ id: 'active-users', label: ACTIVE_USERS, ref: { kind: 'active-users' } });
  if (eventColumns(cols).length > 1)
    out.push({ id: 'events', label: ALL_EVENTS, ref: { kind: 'events' } });
  for (const c of cols)
    if (c.role === 'measure')
      out.push({ id: `col:${c.name}`, label: c.name, ref: { kind: 'column', name: c.name } });
  for (const c of cols)
    if (c.role === 'rate')
      out.push({ id: `col:${c.name}`, label: rateLabel(c), ref: { kind: 'column', name: c.name } });
  return out;
}

/** The option with `id`, else the first one (the default: active users when there are users). */
export function pickMetric(
  options: readonly MetricOption[],
  id: string | undefined,
): MetricOption | undefined {
  return options.find((o) => o.id === id) ?? options[0];
}

/** The id of a metric reference. */
export function metricId(ref: MetricRef): string {
  return ref.kind === 'column' ? `col:${ref.name}` : ref.kind;
}

/** The metric reference of an option id (the inverse of {@link metricId}). */
export function metricFromId(id: string): MetricRef {
  if (id === 'active-users' || id === 'events' || id === 'rows') return { kind: id };
  return { kind: 'column', name: id.replace(/^col:/, '') };
}

/** How a metric is computed per group, or undefined when the report lacks what it needs. */
export function metricMeasure(ref: MetricRef, cols: readonly ColumnInfo[]): Measure | undefined {
  switch (ref.kind) {
    case 'rows':
      return { op: 'count' };
    case 'active-users': {
      const user = cols.find((c) => c.role === 'user');
      return user && { op: 'distinct', column: user.index };
    }
    case 'events': {
      const ev = eventColumns(cols);
      return ev.length ? { op: 'sum', columns: ev.map((c) => c.index) } : undefined;
    }
    case 'column': {
      const c = cols.find((x) => x.name === ref.name);
      if (!c || (c.role !== 'measure' && c.role !== 'rate')) return undefined;
      if (c.role === 'measure') return { op: 'sum', columns: [c.index] };
      return c.ratio ? { op: 'ratio', ...c.ratio } : { op: 'mean', columns: [c.index] };
    }
  }
}

/** A metric's name as the page writes it. */
export function metricLabel(ref: MetricRef, cols: readonly ColumnInfo[]): string {
  if (ref.kind === 'active-users') return ACTIVE_USERS;
  if (ref.kind === 'events') return ALL_EVENTS;
  if (ref.kind === 'rows') return 'Rows';
  const c = cols.find((x) => x.name === ref.name);
  return c?.role === 'rate' ? rateLabel(c) : ref.name;
}

/** How a rate is computed over many rows, in words (undefined for other metrics). */
export function metricNote(ref: MetricRef, cols: readonly ColumnInfo[]): string | undefined {
  const c = ref.kind === 'column' ? cols.find((x) => x.name === ref.name) : undefined;
  if (c?.role !== 'rate') return undefined;
  if (!c.ratio)
    return (
      `${c.name} is the mean of the rows' values: the report has no numerator and denominator ` +
      `columns that make it up, so rows with little activity weigh as much as busy ones.`
    );
  const num = cols[c.ratio.num]?.name ?? '';
  const den = cols[c.ratio.den]?.name ?? '';
  return (
    `${c.name} = ${c.ratio.scale === 1 ? '' : `${c.ratio.scale} × `}sum of ${num} ÷ sum of ` +
    `${den} over the rows, never a mean of the rows' rates.`
  );
}
