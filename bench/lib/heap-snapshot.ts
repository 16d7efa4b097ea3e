/**
 * A V8 heap snapshot (`HeapProfiler.takeHeapSnapshot`'s JSON) read into groups of what holds the
 * memory: self size by kind of node, the largest strings, and for a few owners the bytes that
 * would go if they were gone (what only they keep alive; weak edges do not keep anything).
 */

interface RawSnapshot {
  snapshot: {
    meta: {
      node_fields: string[];
      edge_fields: string[];
      node_types: [string[]];
      edge_types: [string[]];
    };
  };
  nodes: number[];
  edges: number[];
  strings: string[];
}

export interface HeapSummary {
  totalMb: number;
  /** Self size (MB) by node type, objects and closures by constructor name. */
  byKind: [string, number][];
  /** The largest strings (MB) and their first characters. */
  strings: [string, number][];
  /** MB that only each owner keeps alive. */
  owners: [string, number][];
}

/** Owners worth naming for the console after Docs; a node belongs to one when the test holds. */
const OWNERS: [string, (type: string, name: string) => boolean][] = [
  ['graphql-js schema objects (GraphQL*)', (t, n) => t === 'object' && n.startsWith('GraphQL')],
  ['React fibers', (t, n) => t === 'object' && n === 'FiberNode'],
  ['CodeMirror views and states', (t, n) => t === 'object' && /^Editor(View|State)$/.test(n)],
  [
    'scripts (code, bytecode, sources)',
    (t, n) => t === 'code' && n.startsWith('system / Script /'),
  ],
  ['regular expressions (compiled code)', (t) => t === 'regexp'],
  [
    'an introspection answer as text',
    (t, n) => t === 'string' && n.startsWith('{"data":{"__schema"'),
  ],
];

export function summarizeHeapSnapshot(json: string, top = 12): HeapSummary {
  const snap = JSON.parse(json) as RawSnapshot;
  const { meta } = snap.snapshot;
  const NF = meta.node_fields.length;
  const EF = meta.edge_fields.length;
  const [nodeTypes] = meta.node_types;
  const [edgeTypes] = meta.edge_types;
  const { nodes, edges, strings } = snap;
  const n = nodes.length / NF;
  const [iType, iName, iSelf, iEdges] = ['type', 'name', 'self_size', 'edge_count'].map((f) =>
    meta.node_fields.indexOf(f),
  ) as [number, number, number, number];
  const [eType, eTo] = ['type', 'to_node'].map((f) => meta.edge_fields.indexOf(f)) as [
    number,
    number,
  ];
  const weak = edgeTypes.indexOf('weak');
  const shortcut = edgeTypes.indexOf('shortcut');
  const firstEdge = new Uint32Array(n + 1);
  for (let i = 0, e = 0; i < n; i++) {
    firstEdge[i] = e;
    e += nodes[i * NF + iEdges]! * EF;
  }
  firstEdge[n] = edges.length;
  const type = (i: number) => nodeTypes[nodes[i * NF + iType]!]!;
  const name = (i: number) => strings[nodes[i * NF + iName]!]!;
  const self = (i: number) => nodes[i * NF + iSelf]!;
  const mb = (bytes: number) => bytes / (1024 * 1024);

  /** Nodes reachable from the root without passing through a node `stop` accepts. */
  const reachable = (stop: (i: number) => boolean) => {
    const seen = new Uint8Array(n);
    const stack = [0];
    seen[0] = 1;
    while (stack.length) {
      const v = stack.pop()!;
      for (let e = firstEdge[v]!; e < firstEdge[v + 1]!; e += EF) {
        const t = edges[e + eType];
        if (t === weak || t === shortcut) continue;
        const to = edges[e + eTo]! / NF;
        if (seen[to] || stop(to)) continue;
        seen[to] = 1;
        stack.push(to);
      }
    }
    return seen;
  };

  const live = reachable(() => false);
  let total = 0;
  const kinds = new Map<string, number>();
  const strs: [string, number][] = [];
  for (let i = 0; i < n; i++) {
    if (!live[i]) continue;
    total += self(i);
    const t = type(i);
    const k = t === 'object' || t === 'closure' ? `${t} ${name(i)}` : t;
    kinds.set(k, (kinds.get(k) ?? 0) + self(i));
    if (t === 'string') strs.push([name(i).slice(0, 60).replace(/\s+/g, ' '), mb(self(i))]);
  }
  const owners = OWNERS.map(([label, test]): [string, number] => {
    const without = reachable((i) => test(type(i), name(i)));
    let freed = 0;
    for (let i = 0; i < n; i++) if (live[i] && !without[i]) freed += self(i);
    return [label, mb(freed)];
  });
  return {
    totalMb: mb(total),
    byKind: [...kinds]
      .map(([k, b]): [string, number] => [k, mb(b)])
      .sort((a, b) => b[1] - a[1])
      .slice(0, top),
    strings: strs.sort((a, b) => b[1] - a[1]).slice(0, top),
    owners,
  };
}

/** The summary as lines of text. */
export function printHeapSummary(title: string, s: HeapSummary): void {
  const row = ([label, value]: [string, number]) =>
    `  ${value.toFixed(2).padStart(7)} MB  ${label}`;
  console.log(`\n${title}: ${s.totalMb.toFixed(1)} MB in the snapshot (external strings included)`);
  console.log('self size by kind:');
  for (const r of s.byKind) console.log(row(r));
  console.log('only kept alive by:');
  for (const r of s.owners) console.log(row(r));
  console.log('largest strings:');
  for (const [text, value] of s.strings)
    console.log(`  ${(value * 1024).toFixed(0).padStart(7)} kB  ${text}`);
}
