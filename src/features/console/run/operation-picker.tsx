import { activeTab } from '../tabs/tabs.ts';
import { getConsoleStore, useActiveTabField } from '../tabs/use-console-store.ts';
import { useOperationNames } from './use-operations.ts';

function pick(name: string | undefined): void {
  const store = getConsoleStore();
  store.updateTab(activeTab(store.getState()).id, { operationName: name });
}

/**
 * The toolbar's "Operation" picker, shown while the active tab's document names several
 * operations: "Under the cursor" or one of them. Follows the operations itself, once typing
 * pauses (a keystroke re-renders neither this nor the toolbar).
 */
export function OperationPicker() {
  const names = useOperationNames().filter((n) => n !== undefined);
  const picked = useActiveTabField('operationName');
  if (names.length <= 1) return null;
  return (
    <label className="operation-picker">
      <span>Operation</span>
      <select value={picked ?? ''} onChange={(e) => pick(e.target.value || undefined)}>
        <option value="">Under the cursor</option>
        {names.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The Export group's note while the document has several operations (named or not). */
export function SeveralOperationsHint() {
  if (useOperationNames().length <= 1) return null;
  return (
    <span className="hint">
      Several operations: the command names the one picked or under the cursor (operationName).
    </span>
  );
}
