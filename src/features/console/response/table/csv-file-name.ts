/**
 * The exported table's file name, from the operation and the list: `Repos-repositories.nodes.csv`,
 * `response-search.edges.node.csv` for an anonymous one.
 */
export function tableCsvName(path: string, operationName?: string): string {
  const list = path
    .replace(/^data\.?/, '')
    .replace(/\[\]/g, '')
    .replace(/[^\w.-]+/g, '_');
  const op = (operationName ?? '').replace(/[^\w-]+/g, '_') || 'response';
  return `${op}${list ? `-${list}` : ''}.csv`;
}
