import { ErrorBoundary } from '../../../../shared/ui/error-boundary.tsx';
import { loadable } from '../../../../shared/ui/loadable.tsx';
import type { TableView as View } from './table-view.tsx';

/**
 * The Table view is a chunk of its own, fetched the first time the Table tab is shown: the
 * console's first load carries none of it.
 */
const table = loadable<Parameters<typeof View>[0]>(
  () => import('./table-view.tsx').then((m) => m.TableView),
  <p className="placeholder">Loading the table…</p>,
);

export function LazyTableView(props: Parameters<typeof View>[0]) {
  return (
    <ErrorBoundary name="Table">
      <table.Component {...props} />
    </ErrorBoundary>
  );
}
