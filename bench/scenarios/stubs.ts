import { SkipScenario, type Scenario } from '../lib/types.ts';

/**
 * Scenarios still to write (issue 6). Each is registered so the table shows it; replace the
 * stub with a file of its own (see initial-load.ts for the shape) when its feature lands.
 */
function stub(name: string, title: string, todo: string, metrics: Scenario['metrics']): Scenario {
  return {
    name,
    title,
    metrics,
    reps: 1,
    run() {
      throw new SkipScenario(`not implemented yet: ${todo}`);
    },
  };
}

export const bigSchema = stub(
  'big-schema',
  '3. Big schema (GitHub) ready',
  'serverWith({ SANDBOX_SCHEMA: "node_modules/@octokit/graphql-schema/schema.graphql" }); ' +
    'time from navigation until Docs lists the fields of Query; then "Search schema" → Repository ' +
    'until its fields show; JS heap after GC (heapAfterGcMb)',
  {
    docsQueryMs: { label: 'Docs lists Query', unit: 'ms', target: 600 },
    repositoryMs: { label: 'Docs → Repository fields', unit: 'ms', target: 100 },
    heapMb: { label: 'JS heap after GC', unit: 'MB' },
  },
);

export const completion = stub(
  'completion',
  '4. Completion latency (GitHub schema)',
  'with the big schema loaded, type `{ repository(owner:"a", name:"b") { ` then one letter; ' +
    'time until the completion list (.cm-tooltip-autocomplete) shows; median of 20 keystrokes per rep',
  { completionMs: { label: 'completion list after a key', unit: 'ms', target: 16 } },
);

export const bigReport = stub(
  'big-report',
  '6. Big report (1,000,000 rows)',
  'serverWith({ SANDBOX_REPORT_SCALE: ... }) for ~100 MB CSV; "Load report": first rows in ' +
    'table "Report preview" after the first byte, all rows, longest task, heap vs CSV size, sort by a ' +
    'numeric column; and papaparse on the same bytes in Node as the ceiling',
  {
    firstRowsMs: { label: 'first rows after first byte', unit: 'ms', target: 300 },
    allRowsMs: { label: 'all rows', unit: 'ms' },
    ceilingPct: { label: 'speed vs Node papaparse', unit: '%', target: 50, better: 'higher' },
    longestTaskMs: { label: 'longest task', unit: 'ms', target: 50 },
    heapRatio: { label: 'heap / CSV size', unit: 'ratio', target: 1.5 },
    sortMs: { label: 'sort by a numeric column', unit: 'ms' },
  },
);
