import { useId, type FormEvent, type ReactNode } from 'react';
import { normalizeInstanceHost } from '../../../shared/contracts/host.ts';
import {
  GRANULARITIES,
  type FieldError,
  type Granularity,
  type ReportForm as Form,
} from '../../../shared/contracts/report-params.ts';

const LABELS: Record<Granularity, string> = {
  by_user: 'By user',
  by_user_month: 'By user and month',
  by_user_day: 'By user and day',
  by_user_day_client_language: 'By user, day, client and language (default)',
};

interface Props {
  form: Form;
  errors: FieldError[];
  busy: boolean;
  onChange(patch: Partial<Form>): void;
  onLoadReport(): void;
  children?: ReactNode;
}

/**
 * The report form as one compact bar: instance host (a pasted URL is reduced to its host,
 * visibly), granularity, dates, Load report and `children` (Download CSV).
 */
export function ReportForm({ form, errors, busy, onChange, onLoadReport, children }: Props) {
  const id = useId();
  const host = normalizeInstanceHost(form.host);
  const errorOf = (f: keyof Form) => errors.find((e) => e.field === f)?.message;
  const fieldProps = (f: keyof Form) => {
    const err = errorOf(f);
    return {
      id: `${id}-${f}`,
      'aria-invalid': err ? true : undefined,
      'aria-describedby': err
        ? `${id}-${f}-error`
        : f === 'host' && host.ok && host.changed
          ? `${id}-host-note`
          : undefined,
    };
  };
  const errorText = (f: keyof Form) =>
    errorOf(f) && (
      <span className="an-error" id={`${id}-${f}-error`}>
        {errorOf(f)}
      </span>
    );

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    onLoadReport();
  }

  return (
    <form className="an-bar-form" onSubmit={handleSubmit} noValidate aria-label="Report">
      <div className="an-field an-host">
        <label htmlFor={`${id}-host`}>Instance host</label>
        <input
          {...fieldProps('host')}
          value={form.host}
          placeholder="example.sourcegraphcloud.com"
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => onChange({ host: e.target.value })}
        />
        {errorText('host') ??
          (host.ok && host.changed && (
            <span className="an-hint" id={`${id}-host-note`}>
              Using host: <strong>{host.host}</strong>
            </span>
          ))}
      </div>
      <div className="an-field">
        <label htmlFor={`${id}-granularity`}>Granularity</label>
        <select
          {...fieldProps('granularity')}
          value={form.granularity}
          onChange={(e) => onChange({ granularity: e.target.value as Granularity })}
        >
          {GRANULARITIES.map((g) => (
            <option key={g} value={g}>
              {LABELS[g]}
            </option>
          ))}
        </select>
        {errorText('granularity')}
      </div>
      <div className="an-field">
        <label htmlFor={`${id}-startDate`}>Start date</label>
        <input
          type="date"
          {...fieldProps('startDate')}
          value={form.startDate}
          onChange={(e) => onChange({ startDate: e.target.value })}
        />
        {errorText('startDate')}
      </div>
      <div className="an-field">
        <label htmlFor={`${id}-endDate`}>End date</label>
        <input
          type="date"
          {...fieldProps('endDate')}
          value={form.endDate}
          onChange={(e) => onChange({ endDate: e.target.value })}
        />
        {errorText('endDate')}
      </div>
      <div className="an-bar-actions">
        <button type="submit" className="primary" disabled={busy}>
          Load report
        </button>
        {children}
      </div>
    </form>
  );
}
