import { useCallback, useMemo, useState } from 'react';
import type { CostLimits } from '../../../shared/contracts/cost-limits.ts';
import { normalizeBaseUrl, useConnection } from '../../connection/index.ts';
import { limitsFor, saveLimitsFor } from './cost-limits-storage.ts';

/** An instance's key: its normalized URL ('' while the URL is empty or not one). */
const instanceKey = (c: { baseUrl: string }) => normalizeBaseUrl(c.baseUrl) ?? '';

/**
 * The limits of the instance the console is connected to, and their setter. Renders again only
 * when the instance changes, not with every change to the connection (a token being typed).
 */
export function useInstanceCostLimits(): [CostLimits, (limits: CostLimits) => void] {
  const instance = useConnection(instanceKey);
  const [edited, setEdited] = useState<{ instance: string; limits: CostLimits }>();
  const stored = useMemo(() => limitsFor(instance), [instance]);
  const limits = edited?.instance === instance ? edited.limits : stored;
  const change = useCallback(
    (l: CostLimits) => {
      setEdited({ instance, limits: l });
      saveLimitsFor(instance, l);
    },
    [instance],
  );
  return [limits, change];
}
