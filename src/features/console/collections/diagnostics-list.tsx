import { useId } from 'react';
import type { DiagnosticsRecipe } from '../../../shared/contracts/diagnostics.ts';
import type { OpenRequest } from './saved-panel.tsx';

/** The built-in recipes: each a button named after it, described by the text below it. */
export function DiagnosticsList({
  recipes,
  onOpen,
}: {
  recipes: readonly DiagnosticsRecipe[];
  onOpen(request: OpenRequest): void;
}) {
  const prefix = useId();
  return (
    <ul>
      {recipes.map((r, i) => (
        <li key={r.name} className="saved-item saved-recipe">
          <button
            type="button"
            className="saved-open"
            aria-describedby={`${prefix}-${i}`}
            onClick={() => onOpen({ title: r.name, query: r.query, variables: r.variables ?? '' })}
            title="Open in a new tab"
          >
            {r.name}
          </button>
          <p id={`${prefix}-${i}`} className="saved-description">
            {r.description}
          </p>
        </li>
      ))}
    </ul>
  );
}
