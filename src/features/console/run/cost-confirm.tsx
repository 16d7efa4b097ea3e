import type { CostConfirm } from '../commands/use-console-actions.ts';

/** Asks before sending a query the instance will refuse for its cost (HTTP 400). */
export function CostConfirmBar({
  confirm,
  onSend,
  onCancel,
}: {
  confirm: CostConfirm;
  onSend(): void;
  onCancel(): void;
}) {
  const h = confirm.hotspot;
  return (
    <div
      role="alertdialog"
      aria-labelledby="cost-confirm-title"
      className="notice notice-warning cost-confirm"
    >
      <strong id="cost-confirm-title">
        This query exceeds the instance&apos;s cost limits; it will likely be refused (HTTP 400).
      </strong>
      <ul>
        {confirm.violations.map((v) => (
          <li key={v.kind}>
            {v.kind}: {v.actual.toLocaleString('en-US')} (limit {v.limit.toLocaleString('en-US')})
          </li>
        ))}
      </ul>
      {h && (
        <p>
          Adds most: <code>{h.name}</code> ({h.fieldCount.toLocaleString('en-US')} fields, line{' '}
          {h.line}, column {h.column}).
        </p>
      )}
      <div className="actions">
        <button type="button" onClick={onSend}>
          Send anyway
        </button>
        <button type="button" onClick={onCancel} autoFocus>
          Cancel
        </button>
      </div>
    </div>
  );
}
