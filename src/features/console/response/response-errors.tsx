import type { GqlErrorItem } from '../../../shared/api/classify-graphql.ts';

interface Props {
  errors: GqlErrorItem[];
  total: number;
  /** Moves the query editor's cursor to a 1-based line and column. */
  onLocate(line: number, column: number): void;
}

/** GraphQL `errors` as a list; each location is a button that jumps into the query editor. */
export function ResponseErrors({ errors, total, onLocate }: Props) {
  if (errors.length === 0) return null;
  return (
    <section className="response-errors" aria-label="GraphQL errors">
      <h3>
        {total} GraphQL error{total === 1 ? '' : 's'}
        {total > errors.length ? ` (first ${errors.length} shown)` : ''}
      </h3>
      <ol>
        {errors.map((e, i) => (
          <li key={i}>
            <span className="error-message">{e.message}</span>
            {e.path && <code className="error-path"> at {e.path.join('.')}</code>}
            {e.locations.map((l) => (
              <button
                key={`${l.line}:${l.column}`}
                type="button"
                className="link-button"
                onClick={() => onLocate(l.line, l.column)}
              >
                line {l.line}, column {l.column}
              </button>
            ))}
          </li>
        ))}
      </ol>
    </section>
  );
}
