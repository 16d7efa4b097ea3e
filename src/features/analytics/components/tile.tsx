import { useId, type ReactNode } from 'react';

interface Props {
  /** The tile's accessible name and visible title, e.g. "Active users, last 7 days". */
  title: string;
  /** The figure, large; without it, `children` say why there is none and how to get it. */
  value?: string;
  busy?: boolean;
  children?: ReactNode;
}

/** One tile of "Key figures": a group named by its title, a large value, lines under it. */
export function Tile({ title, value, busy, children }: Props) {
  const id = useId();
  return (
    <div className="an-tile" role="group" aria-labelledby={id} aria-busy={busy || undefined}>
      <h3 id={id} className="an-tile-title">
        {title}
      </h3>
      {value !== undefined && <p className="an-tile-value">{value}</p>}
      {children}
    </div>
  );
}
