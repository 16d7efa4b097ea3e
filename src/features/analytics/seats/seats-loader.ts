import { loadable } from '../../../shared/ui/loadable.tsx';
import type { SeatsRegionProps } from './components/seats-region.tsx';

/** Region "Seats and adoption", a chunk of its own: loaded once a report is shown. */
export const SeatsRegion = loadable<SeatsRegionProps>(() =>
  import('./components/seats-region.tsx').then((m) => m.default),
).Component;
