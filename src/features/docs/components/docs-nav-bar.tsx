import type { DocsLocation } from '../lib/locations.ts';

function label(loc: DocsLocation): string {
  switch (loc.kind) {
    case 'home':
      return 'Schema';
    case 'type':
      return loc.type;
    case 'field':
      return `${loc.type}.${loc.field}`;
    case 'changes':
      return 'Changes';
  }
}

const SHOWN = 5;

/** Back/Forward and the breadcrumb of the pages visited (the browser's back button works too). */
export function DocsNavBar(props: {
  trail: DocsLocation[];
  canForward: boolean;
  onBack(): void;
  onForward(): void;
  onGoTo(i: number): void;
}) {
  const { trail, canForward, onBack, onForward, onGoTo } = props;
  const first = Math.max(0, trail.length - SHOWN);
  return (
    <div className="docs-navbar">
      <button
        type="button"
        onClick={onBack}
        disabled={trail.length < 2}
        aria-label="Back"
        title="Back"
      >
        ‹
      </button>
      <button
        type="button"
        onClick={onForward}
        disabled={!canForward}
        aria-label="Forward"
        title="Forward"
      >
        ›
      </button>
      <nav aria-label="Docs breadcrumb">
        <ol>
          {first > 0 && <li aria-hidden="true">…</li>}
          {trail.slice(first).map((loc, k) => {
            const i = first + k;
            const last = i === trail.length - 1;
            return (
              <li key={i}>
                {last ? (
                  <span aria-current="page">{label(loc)}</span>
                ) : (
                  <button type="button" className="docs-link" onClick={() => onGoTo(i)}>
                    {label(loc)}
                  </button>
                )}
              </li>
            );
          })}
        </ol>
      </nav>
    </div>
  );
}
