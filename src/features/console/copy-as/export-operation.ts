import { listOperations, operationAt } from '../run/operations.ts';

/**
 * Which operation a copied command names. With one operation, none: `src api -get-curl` never
 * sends `operationName`, and the server runs the only operation. With several, the one picked
 * in the toolbar, else the one under the cursor (undefined when they have no names).
 */
export function exportOperation(
  query: string,
  picked: string | undefined,
  cursor: number,
): { multiple: boolean; operationName?: string } {
  const ops = listOperations(query);
  if (ops.length <= 1) return { multiple: false };
  const names = ops.flatMap((o) => (o.name ? [o.name] : []));
  const operationName = picked && names.includes(picked) ? picked : operationAt(query, cursor);
  return operationName ? { multiple: true, operationName } : { multiple: true };
}
