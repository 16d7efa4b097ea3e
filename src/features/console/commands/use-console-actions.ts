import type { GraphQLSchema } from 'graphql';
import { useState, type RefObject } from 'react';
import type {
  CostHotspot,
  CostLimits,
  LimitViolation,
} from '../../../shared/contracts/cost-limits.ts';
import {
  graphqlToolsNow,
  loadGraphqlTools,
  TOOLS_FAILED,
  type GraphqlTools,
} from '../run/graphql-tools-loader.ts';
import { loadQueryLanguage, queryLanguageNow } from '../editor/query-language-loader.ts';
import { replaceAll } from '../editor/replace-all.ts';
import { moveCursor, type EditorHandleLike } from '../editor/editor-handle.ts';
import { activeTab, type ConsoleTab } from '../tabs/tabs.ts';
import { getConsoleStore } from '../tabs/use-console-store.ts';
import { useRunOperation, type RunRequest } from '../run/use-run-operation.ts';
import { activeProfileIsProduction } from '../../connection/index.ts';

export interface EditorHandles {
  query: RefObject<EditorHandleLike | null>;
  variables: RefObject<EditorHandleLike | null>;
  headers: RefObject<EditorHandleLike | null>;
}

export interface CostConfirm {
  violations: LimitViolation[];
  hotspot?: CostHotspot;
  request: RunRequest;
}

/** A mutation about to run on a profile marked production: it waits for a yes. */
export interface ProductionConfirm {
  operationName?: string;
  request: RunRequest;
  /** The cost check still to pass once confirmed. */
  cost?: Omit<CostConfirm, 'request'>;
}

function reformatJson(text: string): string | undefined {
  if (!text.trim()) return undefined;
  try {
    const next = JSON.stringify(JSON.parse(text), null, 2);
    return next === text ? undefined : next;
  } catch {
    return undefined;
  }
}

/** The active tab as the tabs store holds it now (not as the page last rendered it). */
const currentTab = (): ConsoleTab => activeTab(getConsoleStore().getState());

/**
 * Run, prettify, merge, fill and copy for the current tab, reading the editors' live text and
 * the tabs store at call time: what the console's commands (commands/command-table.ts) call,
 * from a key or a toolbar button. `activeId` picks which tab's notices are shown.
 */
export function useConsoleActions(
  activeId: string,
  h: EditorHandles,
  schema: GraphQLSchema | undefined,
  limits: CostLimits,
) {
  const runner = useRunOperation();
  const [blocked, setBlocked] = useState<{ tabId: string; message: string }>();
  const [costConfirm, setCostConfirm] = useState<CostConfirm>();
  const [productionConfirm, setProductionConfirm] = useState<ProductionConfirm>();
  const [message, setMessage] = useState<{ tone: 'info' | 'error'; text: string }>();

  /** The editors' text now (each editor owns its document; the tab's copy when unmounted). */
  function texts() {
    const tab = currentTab();
    return {
      query: h.query.current?.getValue() ?? tab.query,
      variables: h.variables.current?.getValue() ?? tab.variables,
      headers: h.headers.current?.getValue() ?? tab.headers,
    };
  }

  /**
   * Calls `apply` with the GraphQL tools: at once when their chunk is in (always, but for a
   * command in the first moments after start), else once it is; says so if it cannot load. A
   * command that rewrites the query (`rewrites`) also waits for the query editor's language (its
   * undo history comes with it), so that the rewrite can be undone even in the first moments.
   */
  function withTools(
    apply: (tools: GraphqlTools) => void,
    failed: (message: string) => void,
    rewrites = false,
  ) {
    const now = graphqlToolsNow();
    if (now && (!rewrites || queryLanguageNow())) return apply(now);
    Promise.all([loadGraphqlTools(), rewrites ? loadQueryLanguage() : undefined]).then(
      ([tools]) => apply(tools),
      () => failed(TOOLS_FAILED),
    );
  }

  function run() {
    if (runner.isRunning) return;
    // What the user ran is what the editors held at the click, whenever the tools arrive.
    const tab = currentTab();
    const text = texts();
    const cursorOffset = h.query.current?.view?.state.selection.main.head;
    setBlocked(undefined);
    setCostConfirm(undefined);
    setProductionConfirm(undefined);
    withTools(
      (tools) => runWith(tools, tab, text, cursorOffset),
      (message) => setBlocked({ tabId: tab.id, message }),
    );
  }

  function runWith(
    tools: GraphqlTools,
    tab: ConsoleTab,
    text: ReturnType<typeof texts>,
    cursorOffset: number | undefined,
  ) {
    if (runner.isRunning) return;
    const prep = tools.prepareRun({
      query: text.query,
      variablesText: text.variables,
      headersText: text.headers,
      pickedOperation: tab.operationName,
      cursorOffset,
      limits,
    });
    if (!prep.ok) {
      setBlocked({ tabId: tab.id, message: prep.message });
      if (prep.line !== undefined && prep.target !== 'query')
        moveCursor(h[prep.target].current, prep.line, prep.column ?? 1);
      return;
    }
    const request: RunRequest = {
      tabId: tab.id,
      query: text.query,
      variables: prep.variables,
      variablesText: text.variables,
      operationName: prep.operationName,
      headers: prep.headers,
    };
    const kind = tools
      .listOperations(text.query)
      .find((o) => o.name === prep.operationName || prep.operationName === undefined)?.kind;
    if (kind === 'mutation' && activeProfileIsProduction())
      setProductionConfirm({ operationName: prep.operationName, request, cost: prep.costWarning });
    else if (prep.costWarning) setCostConfirm({ ...prep.costWarning, request });
    else runner.run(request);
  }

  /** The production profile's mutation is confirmed: on to the cost check, then the run. */
  function runOnProduction() {
    const c = productionConfirm;
    if (!c) return;
    setProductionConfirm(undefined);
    if (c.cost) setCostConfirm({ ...c.cost, request: c.request });
    else runner.run(c.request);
  }

  function sendAnyway() {
    if (!costConfirm) return;
    runner.run(costConfirm.request);
    setCostConfirm(undefined);
  }

  function prettify() {
    withTools(prettifyWith, (text) => setMessage({ tone: 'error', text }), true);
  }

  /** Rewrites the editors' text as it is when the tools are in (never an older copy). */
  function prettifyWith(tools: GraphqlTools) {
    const text = texts();
    const q = tools.prettifyQuery(text.query);
    if (!q.ok) {
      setMessage({
        tone: 'error',
        text: `Cannot prettify: ${q.message} (line ${q.line}, column ${q.column})`,
      });
      return;
    }
    const patch: Partial<ConsoleTab> = {};
    if (q.text !== text.query) patch.query = q.text;
    const v = reformatJson(text.variables);
    if (v !== undefined) patch.variables = v;
    const hd = reformatJson(text.headers);
    if (hd !== undefined) patch.headers = hd;
    for (const key of ['query', 'variables', 'headers'] as const) {
      const handle = h[key].current;
      const next = patch[key];
      if (next === undefined || !handle) continue;
      // An editor whose view is still on its way starts from what its handle holds.
      if (handle.view) replaceAll(handle.view, next, 'input.format');
      else handle.setValue(next);
    }
    getConsoleStore().updateTab(currentTab().id, patch);
    setMessage(
      q.commentsLost
        ? { tone: 'info', text: 'Prettified (comments could not be kept).' }
        : undefined,
    );
  }

  function merge() {
    withTools(mergeWith, (text) => setMessage({ tone: 'error', text }), true);
  }

  /** Rewrites the editors' text as it is when the tools are in (never an older copy). */
  function mergeWith(tools: GraphqlTools) {
    const text = texts();
    const r = tools.mergeFragments(text.query, schema);
    if (!r.ok) {
      setMessage({ tone: 'error', text: `Cannot merge fragments: ${r.message}` });
      return;
    }
    if (!r.changed) return setMessage({ tone: 'info', text: 'No fragments to merge.' });
    const view = h.query.current?.view;
    if (view) replaceAll(view, r.text, 'input.format');
    getConsoleStore().updateTab(currentTab().id, { query: r.text });
    setMessage(undefined);
  }

  function fillFields() {
    const view = h.query.current?.view;
    if (!view) return;
    // The query editor's language chunk (loaded right after start; at once if not yet there).
    void loadQueryLanguage().then(({ fillAllFields }) => {
      const r = fillAllFields(view);
      if (!r.ok) setMessage({ tone: 'error', text: r.message });
      else if (!r.plan) setMessage({ tone: 'info', text: 'Every field is already selected.' });
      else setMessage(undefined);
      view.focus();
    });
  }

  function copyQuery() {
    const { query } = texts();
    navigator.clipboard.writeText(query).then(
      () => setMessage({ tone: 'info', text: 'Query copied.' }),
      () => setMessage({ tone: 'error', text: 'The browser refused clipboard access.' }),
    );
  }

  return {
    run,
    stop: runner.stop,
    running: runner.isRunning,
    runningTabId: runner.runningTabId,
    texts,
    prettify,
    merge,
    fillFields,
    copyQuery,
    blocked: blocked?.tabId === activeId ? blocked.message : undefined,
    costConfirm: costConfirm?.request.tabId === activeId ? costConfirm : undefined,
    sendAnyway,
    cancelSend: () => setCostConfirm(undefined),
    productionConfirm:
      productionConfirm?.request.tabId === activeId ? productionConfirm : undefined,
    runOnProduction,
    cancelProduction: () => setProductionConfirm(undefined),
    message,
  };
}
