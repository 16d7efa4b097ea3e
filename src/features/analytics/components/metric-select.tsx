import type { MetricOption } from '../lib/metrics.ts';

interface Props {
  /** The select's accessible name, e.g. "Chart metric". */
  label: string;
  options: readonly MetricOption[];
  value: string;
  onChange(id: string): void;
}

/** A labelled choice of one of a report's metrics (lib/metrics.ts). */
export function MetricSelect({ label, options, value, onChange }: Props) {
  return (
    <label>
      {label}{' '}
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
