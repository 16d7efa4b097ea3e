import type { ProductionConfirm } from '../commands/use-console-actions.ts';

/** Asks before a mutation runs on a connection profile marked production. */
export function ProductionConfirmBar({
  confirm,
  onRun,
  onCancel,
}: {
  confirm: ProductionConfirm;
  onRun(): void;
  onCancel(): void;
}) {
  const what = confirm.operationName ? `mutation ${confirm.operationName}` : 'this mutation';
  return (
    <div
      role="alertdialog"
      aria-labelledby="production-confirm-title"
      className="notice notice-warning cost-confirm"
    >
      <strong id="production-confirm-title">
        Run {what} on a production instance? It may change data there.
      </strong>
      <p>The connection profile is marked production (connection panel, “Production”).</p>
      <div className="actions">
        <button type="button" className="danger" onClick={onRun}>
          Run mutation
        </button>
        <button type="button" onClick={onCancel} autoFocus>
          Cancel
        </button>
      </div>
    </div>
  );
}
