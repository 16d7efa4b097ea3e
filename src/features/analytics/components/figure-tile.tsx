import { change, type Figure } from '../lib/key-figures.ts';
import { Tile } from './tile.tsx';

const nf = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const pct = new Intl.NumberFormat(undefined, {
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});

/** `2025-03-25 – 2025-03-31`, or one month `2025-03`. */
function period(p: { from: string; to: string }): string {
  return p.from === p.to ? p.from : `${p.from} – ${p.to}`;
}

/** `+2`, `−1`, `0`. */
function signed(n: number): string {
  return n > 0 ? `+${nf.format(n)}` : n < 0 ? `−${nf.format(-n)}` : '0';
}

interface Props {
  title: string;
  figure: Figure;
  /** What the period before is called: "the 7 days before", "the month before". */
  before: string;
  /** The report's first day (for what to load when the previous period is not covered). */
  first: string;
}

/**
 * A figure over its period, with the change against the period before; when the report does not
 * cover that period, which range to load instead.
 */
export function FigureTile({ title, figure, before, first }: Props) {
  const c = change(figure);
  const dir = c === null || c.delta === 0 ? 'flat' : c.delta > 0 ? 'up' : 'down';
  return (
    <Tile title={title} value={nf.format(figure.current.value)}>
      {c && figure.previous ? (
        <p className="an-tile-line">
          <span className={`an-delta an-delta-${dir}`}>
            <span aria-hidden="true">{dir === 'up' ? '▲ ' : dir === 'down' ? '▼ ' : ''}</span>
            {signed(c.delta)}
            {c.percent === null ? '' : ` (${pct.format(c.percent)}%)`}
          </span>{' '}
          <span className="an-hint" title={period(figure.previous)}>
            vs {nf.format(figure.previous.value)} {before}
          </span>
        </p>
      ) : (
        <p className="an-tile-line an-hint">
          No comparison: the report starts on {first}. Load from {figure.wanted.from} to compare.
        </p>
      )}
      <p className="an-tile-line an-hint">
        {period(figure.current)}
        {figure.currentPartial && ` (only from ${first}, the report’s start)`}
      </p>
    </Tile>
  );
}
