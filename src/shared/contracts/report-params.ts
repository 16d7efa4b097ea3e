/**
 * Validation and query parameters for the analytics export API (`/api/reports/by-user-client-date`
 * and `/api/credits`). Shared by the Analytics tab and the sandbox service so both apply the same
 * date and granularity rules.
 */
import { normalizeInstanceHost } from './host.ts';

/** Report granularities, coarsest first, as the API names them. */
export const GRANULARITIES = [
  'by_user',
  'by_user_month',
  'by_user_day',
  'by_user_day_client_language',
] as const;
export type Granularity = (typeof GRANULARITIES)[number];
/** The API's default when `granularity` is absent. */
export const DEFAULT_GRANULARITY: Granularity = 'by_user_day_client_language';

/** The report form as typed; dates are `YYYY-MM-DD` or `''` (no bound). */
export interface ReportForm {
  host: string;
  granularity: Granularity;
  startDate: string;
  endDate: string;
}

/** One problem with one field, worded so the user knows what to type instead. */
export interface FieldError {
  field: keyof ReportForm;
  message: string;
}

export type ParamsResult =
  { ok: true; params: URLSearchParams } | { ok: false; errors: FieldError[] };

/** True for a string in the list of {@link GRANULARITIES}. */
export function isGranularity(value: string): value is Granularity {
  return (GRANULARITIES as readonly string[]).includes(value);
}

/**
 * Checks a `YYYY-MM-DD` date: the format and that the day exists (`2025-02-30` does not).
 * Returns an error message, or undefined when the date is valid.
 */
export function checkIsoDate(value: string, label = 'Date'): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return `${label} must be YYYY-MM-DD (e.g. 2025-01-31); got "${value}".`;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (
    mo < 1 ||
    mo > 12 ||
    date.getUTCFullYear() !== y ||
    date.getUTCMonth() !== mo - 1 ||
    date.getUTCDate() !== d
  ) {
    return `${label} ${value} does not exist; pick a real calendar day.`;
  }
  return undefined;
}

function checkDates(startDate: string, endDate: string): FieldError[] {
  const errors: FieldError[] = [];
  const start = startDate.trim();
  const end = endDate.trim();
  const startError = start ? checkIsoDate(start, 'Start date') : undefined;
  const endError = end ? checkIsoDate(end, 'End date') : undefined;
  if (startError) errors.push({ field: 'startDate', message: startError });
  if (endError) errors.push({ field: 'endDate', message: endError });
  if (start && end && !startError && !endError && start > end) {
    errors.push({
      field: 'endDate',
      message: `End date ${end} is before start date ${start}; swap them or clear one.`,
    });
  }
  return errors;
}

function buildParams(
  f: Pick<ReportForm, 'host' | 'startDate' | 'endDate'>,
  granularity: Granularity | undefined,
  extraErrors: FieldError[],
): ParamsResult {
  const errors: FieldError[] = [];
  const host = normalizeInstanceHost(f.host);
  if (!host.ok) errors.push({ field: 'host', message: host.message });
  errors.push(...extraErrors, ...checkDates(f.startDate, f.endDate));
  if (!host.ok || errors.length > 0) return { ok: false, errors };
  const params = new URLSearchParams({ instanceURL: host.host });
  if (granularity) params.set('granularity', granularity);
  if (f.startDate.trim()) params.set('startDate', f.startDate.trim());
  if (f.endDate.trim()) params.set('endDate', f.endDate.trim());
  return { ok: true, params };
}

/**
 * Query parameters for the report export, or every field error at once. The host is normalised,
 * granularity is always sent (an empty one means the default), and an empty date is omitted so
 * the API applies only the other bound (or all time).
 */
export function buildReportParams(f: ReportForm): ParamsResult {
  const g = (f.granularity as string) || DEFAULT_GRANULARITY;
  const errors: FieldError[] = isGranularity(g)
    ? []
    : [
        {
          field: 'granularity',
          message: `Granularity must be one of ${GRANULARITIES.join(', ')}; got "${g}".`,
        },
      ];
  return buildParams(f, isGranularity(g) ? g : undefined, errors);
}

/** Query parameters for the credits listing (host and optional active-period bounds). */
export function buildCreditsParams(
  f: Pick<ReportForm, 'host' | 'startDate' | 'endDate'>,
): ParamsResult {
  return buildParams(f, undefined, []);
}

/** Makes a host safe inside a file name: `127.0.0.1:4174` → `127.0.0.1-4174`. */
function fileSafe(s: string): string {
  return s.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'instance';
}

/**
 * The download name of a report: `report_<host>_<granularity>_<start|all>_<end|all>.csv`.
 * The sandbox uses the same name in its Content-Disposition header.
 */
export function reportFileName(f: ReportForm): string {
  const host = normalizeInstanceHost(f.host);
  const g = (f.granularity as string) || DEFAULT_GRANULARITY;
  const start = f.startDate.trim() || 'all';
  const end = f.endDate.trim() || 'all';
  return `report_${fileSafe(host.ok ? host.host : f.host)}_${fileSafe(g)}_${fileSafe(start)}_${fileSafe(end)}.csv`;
}
