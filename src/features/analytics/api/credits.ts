import { queryOptions } from '@tanstack/react-query';
import { httpMeta, NetworkError } from '../../../shared/api/http.ts';
import { ConnectionError, sendAnalytics, type ConnectionSettings } from '../../connection/index.ts';
import { parseCredits, type CreditBucket } from '../lib/credits.ts';
import { describeHttpFailure } from '../lib/report-errors.ts';

/** Why credits could not be listed, worded for the user (what happened and what to do). */
export class CreditsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CreditsError';
  }
}

/**
 * Fetches and parses `/api/credits` for `params` (built by `buildCreditsParams`). Throws a
 * CreditsError for anything the user can act on; other errors are bugs and propagate as they are.
 */
export async function fetchCredits(
  conn: ConnectionSettings,
  params: URLSearchParams,
  signal?: AbortSignal,
): Promise<CreditBucket[]> {
  try {
    const { response } = await sendAnalytics(conn, 'credits', params, signal);
    const text = await response.text();
    if (!response.ok)
      throw new CreditsError(
        describeHttpFailure(
          {
            ...httpMeta(response),
            body: text.slice(0, 4096),
            host: params.get('instanceURL') ?? '',
          },
          'credits',
        ),
      );
    const parsed = parseCredits(response.headers.get('Content-Type'), text);
    if (!parsed.ok) throw new CreditsError(parsed.message);
    return parsed.buckets;
  } catch (err) {
    if (err instanceof ConnectionError || err instanceof NetworkError)
      throw new CreditsError(err.message);
    throw err;
  }
}

/**
 * The credits of one analytics service and request. "Load credits" is an explicit load: the
 * answer is never reused (staleTime 0), and nothing is retried behind the user's back.
 */
export function creditsQueryOptions(conn: ConnectionSettings, params: URLSearchParams) {
  return queryOptions({
    queryKey: ['analytics-credits', conn.analyticsUrl, params.toString()] as const,
    queryFn: ({ signal }) => fetchCredits(conn, params, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
