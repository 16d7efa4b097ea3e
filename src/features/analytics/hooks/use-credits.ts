import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { getConnection } from '../../connection/index.ts';
import { creditsQueryOptions, CreditsError } from '../api/credits.ts';
import type { CreditBucket } from '../lib/credits.ts';
import { buildCreditsParams, type ReportForm } from '../../../shared/contracts/report-params.ts';

/** What "Load credits" has loaded: the buckets, or why not; `busy` while it runs. */
export interface CreditsState {
  buckets?: CreditBucket[];
  error?: string;
  busy: boolean;
  /** The UTC day the buckets are judged on (which one is active, the recent rate). */
  today: string;
}

/**
 * "Load credits" for the form's instance and dates: one load shared by the "Credits left" tile
 * (which holds the button) and the credits panel (buckets, outlook, chart). `onInvalid` checks
 * the form and shows its errors; it returns true when the form is invalid.
 */
export function useCredits(form: ReportForm, onInvalid: () => boolean) {
  const [state, setState] = useState<CreditsState>({ busy: false, today: utcToday() });
  const queryClient = useQueryClient();

  const load = useCallback(async () => {
    const built = buildCreditsParams(form);
    if (!built.ok || onInvalid()) return;
    setState((s) => ({ ...s, busy: true, error: undefined }));
    try {
      const buckets = await queryClient.fetchQuery(
        creditsQueryOptions(getConnection(), built.params),
      );
      setState({ buckets, busy: false, today: utcToday() });
    } catch (err) {
      if (!(err instanceof CreditsError)) throw err;
      setState((s) => ({ ...s, busy: false, error: err.message }));
    }
  }, [form, onInvalid, queryClient]);

  return { credits: state, loadCredits: load };
}

/** Today's date in UTC, as bucket periods are written. */
function utcToday(): string {
  return new Date().toISOString().slice(0, 10);
}
