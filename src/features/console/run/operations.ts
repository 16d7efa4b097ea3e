import { Kind, parse, type DocumentNode } from 'graphql';

export interface OperationSummary {
  name?: string;
  kind: 'query' | 'mutation' | 'subscription';
  /** Offsets of the whole definition in the query text. */
  from: number;
  to: number;
}

/**
 * The operations of a document in source order. A document that does not parse yields the
 * operations found by a lenient scan of top-level `query|mutation|subscription Name` heads and
 * `{`, so the "run which operation" choice keeps working while the user types.
 */
export function listOperations(query: string): OperationSummary[] {
  let doc: DocumentNode;
  try {
    doc = parse(query);
  } catch {
    return scanOperations(query);
  }
  const out: OperationSummary[] = [];
  for (const def of doc.definitions) {
    if (def.kind !== Kind.OPERATION_DEFINITION || !def.loc) continue;
    out.push({ name: def.name?.value, kind: def.operation, from: def.loc.start, to: def.loc.end });
  }
  return out;
}

/**
 * The name of the operation under (or nearest before) the cursor: what Ctrl/Cmd-Enter runs in
 * a document with several operations. Undefined when the document has at most one operation
 * (no name is needed then) or the operation there has no name.
 */
export function operationAt(query: string, offset: number): string | undefined {
  const ops = listOperations(query);
  if (ops.length <= 1) return undefined;
  let best = ops[0];
  for (const op of ops) {
    if (op.from <= offset) best = op;
    if (offset <= op.to && offset >= op.from) return op.name;
  }
  return best?.name;
}

/** Top-level scan that tolerates syntax errors: tracks braces outside strings and comments. */
function scanOperations(query: string): OperationSummary[] {
  const out: OperationSummary[] = [];
  let depth = 0;
  let current: OperationSummary | undefined;
  const head = /(query|mutation|subscription|fragment)\b\s*([_A-Za-z][_0-9A-Za-z]*)?/y;
  for (let i = 0; i < query.length; i++) {
    const c = query[i];
    if (c === '#') {
      const nl = query.indexOf('\n', i);
      i = nl === -1 ? query.length : nl;
    } else if (c === '"') {
      const block = query.startsWith('"""', i);
      const re = block ? /"""/g : /(?<!\\)"/g;
      re.lastIndex = i + (block ? 3 : 1);
      const m = re.exec(query);
      i = m ? m.index + m[0].length - 1 : query.length;
    } else if (c === '{') {
      if (depth === 0 && !current) {
        current = { kind: 'query', from: i, to: i };
        out.push(current);
      }
      depth++;
    } else if (c === '}') {
      depth = Math.max(0, depth - 1);
      if (depth === 0 && current) {
        current.to = i + 1;
        current = undefined;
      }
    } else if (
      depth === 0 &&
      !current &&
      /[a-z]/.test(c!) &&
      (i === 0 || /\W/.test(query[i - 1]!))
    ) {
      head.lastIndex = i;
      const m = head.exec(query);
      if (m) {
        if (m[1] !== 'fragment') {
          current = {
            kind: m[1] as OperationSummary['kind'],
            name: m[2],
            from: i,
            to: i + m[0].length,
          };
          out.push(current);
        } else {
          current = { kind: 'query', from: i, to: i }; // consumed, not listed
        }
        i += m[0].length - 1;
      }
    }
  }
  if (current) current.to = query.length; // still open: runs to the end
  return out;
}
