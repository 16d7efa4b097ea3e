import type { ReactNode } from 'react';

/**
 * A table in a scroller the keyboard reaches: focusable and named like its table, so a table
 * taller or wider than its box (a year of weeks, thousands of users) scrolls from the keyboard too.
 */
export function ScrollTable(props: { labelledBy: string; className: string; children: ReactNode }) {
  const { labelledBy, className, children } = props;
  return (
    <div className="an-summary-scroll" tabIndex={0} role="group" aria-labelledby={labelledBy}>
      <table className={`an-data-table ${className}`} aria-labelledby={labelledBy}>
        {children}
      </table>
    </div>
  );
}
