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
