import { memo } from 'react';
import type { RowWindow } from '../lib/csv-store.ts';
import { formatNumberCell } from '../lib/csv-types.ts';

interface Props {
  /** View indexes of the first and last rendered rows. */
  first: number;
  last: number;
  win: RowWindow;
  header: string[];
  /** Per column: a quantity (measure or rate), formatted as a number; others are shown as sent. */
  quantity: boolean[];
}

function Rows({ first, last, win, header, quantity }: Props) {
  const out = [];
  for (let index = first; index <= last; index++) {
    const k = index - win.start;
    const row = k >= 0 && k < win.rows.length ? win.rows[k] : undefined;
    out.push(
      <tr key={index} aria-rowindex={index + 2} className="an-tr">
        <th scope="row" className="an-rownum">
          {row ? win.rowNumbers[k] : ''}
        </th>
        {header.map((_, c) => {
          const v = row?.[c] ?? '';
          const isNum = quantity[c] === true;
          return (
            <td key={c} className={isNum ? 'an-num' : undefined} title={v || undefined}>
              {isNum ? formatNumberCell(v) : v}
            </td>
          );
        })}
      </tr>,
    );
  }
  return <>{out}</>;
}

/**
 * The rendered rows of the preview. Cells are React text (hostile values stay inert). Memoized:
 * progress messages arrive several times a second and must not re-render unchanged rows.
 */
export const ReportRows = memo(
  Rows,
  (a, b) =>
    a.first === b.first &&
    a.last === b.last &&
    a.win === b.win &&
    a.header.join('\u0000') === b.header.join('\u0000') &&
    a.quantity.join() === b.quantity.join(),
);
