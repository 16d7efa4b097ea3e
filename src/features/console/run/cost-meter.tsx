import { memo, useEffect, useState } from 'react';
import {
  DEFAULT_COST_LIMITS,
  type CostEstimate,
  type CostLimits,
  type LimitKind,
} from '../../../shared/contracts/cost-limits.ts';
import { loadGraphqlTools, useGraphqlTools } from './graphql-tools-loader.ts';
import { parseVariables } from './parse-variables.ts';
import { useLimitsFromRefusal } from './limits-from-refusal.ts';
import { useRunResult } from '../response/responses.ts';
import { useConsoleSelector } from '../tabs/use-console-store.ts';

export interface CostMeterProps {
  query: string;
  /** The Variables editor's text (invalid JSON counts as no variables). */
  variables: string;
  operationName?: string;
  limits: CostLimits;
  onLimitsChange(l: CostLimits): void;
}

/** Typing pauses this long before the cost is estimated again. */
const COST_DEBOUNCE_MS = 150;
/** Above this size the cost is not estimated while typing. */
const MAX_LIVE_COST_CHARS = 200_000;

type Row = [
  string,
  keyof CostLimits,
  LimitKind,
  (e: Extract<CostEstimate, { ok: true }>) => number,
];
const ROWS: Row[] = [
  ['Depth', 'graphQLMaxDepth', 'query depth', (e) => e.cost.maxDepth],
  ['Fields', 'graphQLMaxFieldCount', 'field count', (e) => e.cost.fieldCount],
  ['Aliases', 'graphQLMaxAliases', 'alias count', (e) => e.cost.aliasCount],
  [
    'Duplicates',
    'graphQLMaxDuplicateFieldCount',
    'duplicate field count',
    (e) => e.cost.highestDuplicateFieldCount,
  ],
  ['Unique', 'graphQLMaxUniqueFieldCount', 'unique field count', (e) => e.cost.uniqueFieldCount],
];
const LIMIT_LABELS: [keyof CostLimits, string][] = [
  ['graphQLMaxDepth', 'Max depth'],
  ['graphQLMaxFieldCount', 'Max field count'],
  ['graphQLMaxAliases', 'Max aliases'],
  ['graphQLMaxDuplicateFieldCount', 'Max duplicate fields'],
  ['graphQLMaxUniqueFieldCount', 'Max unique fields'],
];

/**
 * 12,345 for a whole number. Not `toLocaleString('en-US')`: that builds an ICU formatter per
 * call, a long task on the main thread at every render of the meter.
 */
export const fmt = (n: number) =>
  Number.isSafeInteger(n)
    ? String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
    : n.toLocaleString('en-US');

/**
 * The instance's cost estimate of the query, live: depth, field count, aliases, duplicate and
 * unique fields against the limits (editable). Over a limit it names the limit and the field
 * that adds most, as the instance would refuse the query with HTTP 400.
 */
export function CostMeter(props: CostMeterProps) {
  const { query, variables } = props;
  const [estimate, setEstimate] = useState<CostEstimate | 'too-large' | 'not-loaded' | undefined>();
  // The estimator comes with the GraphQL tools' chunk: the first estimate waits for it.
  const tools = useGraphqlTools();
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      if (query.length > MAX_LIVE_COST_CHARS) return setEstimate('too-large');
      loadGraphqlTools().then(
        (t) => {
          if (!live) return;
          const vars = parseVariables(variables);
          setEstimate(t.estimateQueryCost(query, vars.ok ? vars.value : {}));
        },
        () => live && setEstimate('not-loaded'),
      );
    }, COST_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query, variables]);

  const refused = useLimitsFromRefusal(
    useRunResult(useConsoleSelector((s) => s.activeId)),
    props.limits,
    props.onLimitsChange,
  );
  const limitsEditor = (
    <>
      <CostLimitsEditor limits={props.limits} onChange={props.onLimitsChange} />
      {refused && (
        <p role="status" className="cost-meter-warning">
          The instance refused the last run over its own limits:{' '}
          {refused
            .map(
              (r) =>
                `${r.kind} ${fmt(r.limit)}` +
                (Number.isNaN(r.actual) ? '' : ` (it counted ${fmt(r.actual)})`),
            )
            .join(', ')}
          . The meter and the check before sending use them now.
        </p>
      )}
    </>
  );
  if (estimate === undefined) return <section aria-label="Query cost" className="cost-meter" />;
  if (estimate === 'too-large' || estimate === 'not-loaded' || !estimate.ok) {
    return (
      <section aria-label="Query cost" className="cost-meter cost-meter-muted">
        <span>
          Cost:{' '}
          {estimate === 'too-large'
            ? `not estimated while typing (query over ${fmt(MAX_LIVE_COST_CHARS)} characters)`
            : estimate === 'not-loaded'
              ? 'not estimated: the estimator did not load (reload the page; your tabs are kept)'
              : `cannot estimate (${estimate.error}); the instance then skips its limits`}
        </span>
        {limitsEditor}
      </section>
    );
  }
  const violations = tools?.checkCostLimits(estimate.cost, props.limits) ?? [];
  const over = new Set(violations.map((v) => v.kind));
  const h = estimate.hotspot;
  return (
    <section aria-label="Query cost" className="cost-meter">
      <dl className="cost-meter-values">
        {ROWS.map(([label, key, kind, get]) => (
          <div key={label} className={over.has(kind) ? 'cost-over' : undefined}>
            <dt>{label}</dt>
            <dd>
              {fmt(get(estimate))} / {fmt(props.limits[key])}
            </dd>
          </div>
        ))}
      </dl>
      {limitsEditor}
      {violations.length > 0 && (
        <p role="status" className="cost-meter-warning">
          Over the{' '}
          {violations.map((v) => `${v.kind} limit (${fmt(v.actual)} > ${fmt(v.limit)})`).join(', ')}
          : the instance will refuse this query.
          {h && ` Adds most: ${h.name} (${fmt(h.fieldCount)} fields, line ${h.line}).`}
        </p>
      )}
    </section>
  );
}

/**
 * A small disclosure to set the instance's limits (its site config `rateLimits`). Memoised: its
 * ten inputs need not follow every edit of the query.
 */
const CostLimitsEditor = memo(function CostLimitsEditor(props: {
  limits: CostLimits;
  onChange(l: CostLimits): void;
}) {
  return (
    <details className="cost-limits">
      <summary>Limits</summary>
      {LIMIT_LABELS.map(([key, label]) => (
        <label key={key}>
          {label}
          <input
            type="number"
            min={0}
            step={1}
            value={props.limits[key]}
            onChange={(e) => {
              const n = Number(e.target.value);
              if (e.target.value !== '' && Number.isInteger(n) && n >= 0)
                props.onChange({ ...props.limits, [key]: n });
            }}
          />
        </label>
      ))}
      <button type="button" onClick={() => props.onChange({ ...DEFAULT_COST_LIMITS })}>
        Reset to defaults
      </button>
    </details>
  );
});
