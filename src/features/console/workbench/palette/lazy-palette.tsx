import { ErrorBoundary } from '../../../../shared/ui/error-boundary.tsx';
import { loadable } from '../../../../shared/ui/loadable.tsx';
import type { CommandPaletteProps } from './command-palette.tsx';

/**
 * The command palette is a chunk of its own (with fuzzysort): the console opens without it. It
 * loads on the first Ctrl/Cmd-K or F1, or earlier with `prefetchPalette` once the page is idle,
 * and shows in the frame its code is in (`loadable`, not `React.lazy`: no 300 ms hold).
 */
const palette = loadable(() => import('./command-palette.tsx').then((m) => m.CommandPalette));

export function prefetchPalette(): void {
  void palette.preload().catch(() => undefined);
}

/** The palette in an error boundary of its own: a chunk that fails to load breaks only it. */
export function CommandPalette(props: CommandPaletteProps) {
  return (
    <ErrorBoundary name="Command palette">
      <palette.Component {...props} />
    </ErrorBoundary>
  );
}
