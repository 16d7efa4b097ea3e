import { memo, useEffect, useMemo, useRef, useState } from 'react';
import './console.css';
import { useStore } from '../../shared/lib/store.ts';
import { ErrorBoundary } from '../../shared/ui/error-boundary.tsx';
import { ConnectionChip, ConnectionPanel, getConnection } from '../connection/index.ts';
import { useSchema } from '../schema/index.ts';
import { openSettings } from '../../shared/ui/settings-request.ts';
import { TopBarPortal } from '../../shared/ui/top-bar-slot.tsx';
import { DocsSlot, prefetchDocs } from './workbench/docs-slot.tsx';
import { EditorColumn } from './workbench/editor-column.tsx';
import {
  CompareRunsButton,
  CostConfirmBar,
  ExportDialog,
  HistoryPanel,
  prefetchPanels,
  ProductionConfirmBar,
  SaveDialog,
  SavedPanel,
  ShortcutsDialog,
} from './workbench/lazy-panels.tsx';
import { ResponsePane } from './response/response-pane.tsx';
import type { OpenRequest } from './collections/saved-panel.tsx';
import type { ExportRequest } from './run/export-slot.tsx';
import { SaveAlert } from './collections/save-alert.tsx';
import { CommandPalette, prefetchPalette } from './workbench/palette/lazy-palette.tsx';
import { TabsBar } from './workbench/tabs-bar.tsx';
import { ActivityRail } from './workbench/activity-rail.tsx';
import { CopyAsMenu, CopyAsOutcome } from './copy-as/copy-as-menu.tsx';
import { EditorToolbar } from './workbench/editor-toolbar.tsx';
import { SidePanel } from './workbench/side-panel.tsx';
import { Splitter, usePaneSize } from '../../shared/ui/splitter.tsx';
import { readJson, writeJson } from '../../shared/lib/storage.ts';
import './workbench/workbench.css';
import type { CommandTarget, Panel } from './commands/command-table.ts';
import { useConsoleActions, type EditorHandles } from './commands/use-console-actions.ts';
import { useExportCommands } from './copy-as/use-export-commands.ts';
import {
  getConsoleStore,
  useActiveTabField,
  useConsoleSelector,
} from './tabs/use-console-store.ts';
import { applyFragmentOnce, useFragmentWriter } from './tabs/use-fragment-sync.ts';
import { usePageShortcuts } from './commands/use-page-shortcuts.ts';
import { loadExecuteRun } from './run/use-run-operation.ts';
import { useSaveOperation } from './collections/use-save-operation.ts';
import { getSavedStore } from './collections/saved-store.ts';
import { useSavedOperations } from './collections/use-saved-operations.ts';
import { docsRequestDone, docsView, searchDocs, setDocsOpen } from './workbench/docs-view.ts';
import { whenIdleAfterPaint } from '../../shared/lib/schedule.ts';
import { loadQueryLanguage } from './editor/query-language-loader.ts';
import { loadGraphqlTools, TOOLS_FAILED } from './run/graphql-tools-loader.ts';
import { useInstanceCostLimits } from './run/cost-limits-store.ts';
import { moveCursor, type EditorHandleLike } from './editor/editor-handle.ts';
import type { BridgeSources } from './query-bridge.ts';
import { forgetRun, useKeptRuns, useRunResult } from './response/responses.ts';
import type { ConsoleStore } from './tabs/console-store.ts';
import { activeTab } from './tabs/tabs.ts';

/** Which side panel is open (Docs, History, Saved operations), kept across visits. */
const SIDE_PANEL_KEY = 'layout:side-panel-open';
/** The editor column's share of the width beside the response. */
const EDITOR_SHARE = { initial: 52, min: 20, max: 80 };

function storedSidePanel(): Panel | undefined {
  const p = readJson<unknown>(SIDE_PANEL_KEY, null);
  return p === 'docs' || p === 'history' || p === 'saved' ? p : undefined;
}

// Parts of the page that take no props from the page's state, kept from re-rendering with it.
const ConnectionSection = memo(ConnectionPanel);
const DocsSection = memo(DocsSlot);
const flushTabs = () => getConsoleStore().flush();
const closeDocs = () => setDocsOpen(false);

/**
 * The console page: connection, toolbar, tabs, editors, response, Docs and History panels.
 *
 * The editors own their text and report every change to the tabs store at once. The page itself
 * subscribes only to what a keystroke does not change (which tab is active, its picked
 * operation, history, closed tabs, a save error); what shows something derived from the text
 * subscribes to it on its own, after the keystroke's frame: the editor column (cost, variables),
 * the tab bar's labels, the operation picker and the Export hint. Commands read the text when
 * they run (the editors, the store), so a keystroke re-renders neither this component nor its
 * hooks (e2e/console-typing.spec.ts counts the renders).
 */
export function ConsolePage() {
  const [store] = useState(() => {
    const s = getConsoleStore();
    applyFragmentOnce(s, window.location.hash);
    return s;
  });
  return <ConsoleView store={store} />;
}

function ConsoleView({ store }: { store: ConsoleStore }) {
  const activeId = useActiveTabField('id');
  const closedCount = useConsoleSelector((s) => s.closedCount);
  const history = useConsoleSelector((s) => s.history);
  const saveError = useConsoleSelector((s) => s.saveError);
  const handles: EditorHandles = {
    query: useRef<EditorHandleLike | null>(null),
    variables: useRef<EditorHandleLike | null>(null),
    headers: useRef<EditorHandleLike | null>(null),
  };
  const schema = useSchema();
  const [limits, changeLimits] = useInstanceCostLimits();
  const actions = useConsoleActions(activeId, handles, schema.schema, limits);
  const result = useRunResult(activeId);
  // Compare runs (a chunk of its own) shows once the tab has two runs to compare.
  const comparable = useKeptRuns(activeId).length >= 2;
  const docs = useStore(docsView);
  // One side panel at a time: Docs (whose open state the docs view owns), History or Saved.
  const [listPanel, setListPanel] = useState<'history' | 'saved' | undefined>(() => {
    const p = storedSidePanel();
    return p === 'docs' ? undefined : p;
  });
  useEffect(() => {
    if (storedSidePanel() === 'docs') setDocsOpen(true);
  }, []);
  const sidePanel: Panel | undefined = docs.open ? 'docs' : listPanel;
  useEffect(() => {
    writeJson(SIDE_PANEL_KEY, sidePanel ?? null);
  }, [sidePanel]);
  const [editorShare, setEditorShare, resetEditorShare] = usePaneSize(
    'editor-share',
    EDITOR_SHARE.initial,
  );
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [exportRequest, setExportRequest] = useState<ExportRequest>();
  const [renaming, setRenaming] = useState<string>();
  const saved = useSavedOperations();
  const saving = useSaveOperation(actions.texts);
  // The GraphQL tools (operations, cost, commands) are requested after the first paint.
  useEffect(() => {
    void whenIdleAfterPaint()
      .then(() => {
        prefetchPanels();
        prefetchPalette();
        void loadExecuteRun().catch(() => undefined);
        return loadGraphqlTools();
      })
      .catch(() => undefined); // a run or a command asks again and says so if it fails
  }, []);
  const exporting = useExportCommands(() => {
    const texts = actions.texts(); // what the editors hold at the click
    const { operationName } = activeTab(store.getState());
    return loadGraphqlTools().then(
      (tools) => tools.buildExportRequest(texts, operationName, handles.query.current),
      () => Promise.reject(new Error(TOOLS_FAILED)),
    );
  });
  useFragmentWriter(store);
  // Once a schema is on its way with credentials (not the anonymous probe at start), Docs will be
  // wanted: fetch their chunk now rather than behind the introspection answer when they open.
  useEffect(() => {
    if (schema.status === 'ready' || (schema.status === 'loading' && getConnection().token.trim()))
      prefetchDocs();
  }, [schema.status]);

  // What Docs' query bridge reads and writes; the bridge itself comes with the Docs chunk.
  const bridgeSources = useMemo<BridgeSources>(
    () => ({
      query: () => handles.query.current,
      variables: () => handles.variables.current,
      stored: () => activeTab(store.getState()),
      store: (patch) => store.updateTab(activeTab(store.getState()).id, patch),
      undoable: loadQueryLanguage,
    }),
    // The handles are refs: stable for the page's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [store],
  );

  function closeTab(id: string) {
    store.closeTab(id);
    forgetRun(id); // free a possibly large response and the runs kept for Compare runs
  }
  function togglePanel(p: Panel) {
    const opening = sidePanel !== p;
    if (p === 'docs') setDocsOpen(opening);
    else {
      setListPanel(opening ? p : undefined);
      if (opening) setDocsOpen(false);
    }
  }

  // What every console command acts on (commands/command-table.ts): the editors' keys, the
  // page's keys and the buttons of the toolbar and the tab bar all run these.
  const commands: CommandTarget = {
    run: actions.run,
    stop: actions.stop,
    running: () => actions.running,
    prettify: actions.prettify,
    merge: actions.merge,
    fillFields: actions.fillFields,
    copyQuery: actions.copyQuery,
    refetchSchema: schema.refetch,
    searchDocs,
    cycleTab: (step) => store.cycleTab(step),
    save: saving.open,
    newTab: () => store.addTab(),
    renameTab: () => setRenaming(activeId),
    closeTab: () => closeTab(activeId),
    reopenTab: () => store.reopenClosedTab(),
    closedTabs: () => closedCount,
    togglePanel,
    panelOpen: (p) => sidePanel === p,
    openShortcuts: () => setShortcutsOpen(true),
    openSettings,
    copyAsCurl: exporting.copyAsCurl,
    copyAsSrc: exporting.copyAsSrc,
    copyAsFetch: exporting.copyAsFetch,
    copyAsPython: exporting.copyAsPython,
    copyAsGo: exporting.copyAsGo,
    openPalette: () => setPaletteOpen(true),
    exportAllPages: () =>
      setExportRequest({
        ...actions.texts(),
        cursorOffset: handles.query.current?.view?.state.selection.main.head,
      }),
  };
  usePageShortcuts(commands);

  function openInNewTab(r: OpenRequest) {
    store.addTab({ ...r, headers: r.headers ?? '' });
  }

  const sidePanelContent =
    sidePanel === 'history' ? (
      <HistoryPanel
        entries={history}
        onOpen={(e) =>
          store.addTab({
            query: e.query,
            variables: e.variables,
            operationName: e.operationName,
          })
        }
        onClear={() => store.clearHistory()}
        onClose={() => setListPanel(undefined)}
      />
    ) : sidePanel === 'saved' ? (
      <SavedPanel
        saved={saved}
        history={history}
        onOpen={openInNewTab}
        onDismissProblem={() => getSavedStore().dismissProblem()}
        onClose={() => setListPanel(undefined)}
      />
    ) : sidePanel === 'docs' ? (
      <DocsSection
        bridgeSources={bridgeSources}
        request={docs.request}
        onRequestDone={docsRequestDone}
        onClose={closeDocs}
      />
    ) : null;

  // What the last command said (saved, copied, prettify failed…), beside the bottom tabs.
  const message = saving.notice ?? actions.message;

  return (
    <div className="console workbench">
      <TopBarPortal>
        <TabsBar
          activeId={activeId}
          runningTabId={actions.running ? actions.runningTabId : undefined}
          editing={renaming}
          onEditingChange={setRenaming}
          commands={commands}
          onSelect={(id) => store.selectTab(id)}
          onClose={closeTab}
          onRename={(id, title) => store.renameTab(id, title)}
        />
        <ConnectionChip />
      </TopBarPortal>
      <ConnectionSection onRememberChange={flushTabs} />
      <SaveAlert saveError={saveError} />
      <div className="workbench-body">
        <ActivityRail commands={commands} />
        {sidePanelContent && <SidePanel>{sidePanelContent}</SidePanel>}
        <div className="workbench-main">
          <div className="editor-area" style={{ flexBasis: `${editorShare}%` }}>
            <ErrorBoundary name="Editor">
              <EditorColumn
                handles={handles}
                schema={schema.schema}
                limits={limits}
                onLimitsChange={changeLimits}
                commands={commands}
                toolbar={
                  <EditorToolbar
                    commands={commands}
                    copyAs={<CopyAsMenu commands={commands} state={exporting.state} />}
                  />
                }
                messages={
                  <>
                    {message && (
                      <span
                        role="status"
                        className={message.tone === 'error' ? 'status-error' : 'status-muted'}
                      >
                        {message.text}
                      </span>
                    )}
                    <CopyAsOutcome state={exporting.state} />
                  </>
                }
              />
            </ErrorBoundary>
          </div>
          <Splitter
            label="Resize the response"
            orientation="vertical"
            value={editorShare}
            min={EDITOR_SHARE.min}
            max={EDITOR_SHARE.max}
            onChange={setEditorShare}
            onReset={resetEditorShare}
          />
          <div className="response-column">
            {actions.blocked && (
              <div role="alert" className="notice notice-error run-blocked">
                {actions.blocked}
              </div>
            )}
            {actions.productionConfirm && (
              <ProductionConfirmBar
                confirm={actions.productionConfirm}
                onRun={actions.runOnProduction}
                onCancel={actions.cancelProduction}
              />
            )}
            {actions.costConfirm && (
              <CostConfirmBar
                confirm={actions.costConfirm}
                onSend={actions.sendAnyway}
                onCancel={actions.cancelSend}
              />
            )}
            <ErrorBoundary name="Response">
              <ResponsePane
                result={result}
                running={actions.running && actions.runningTabId === activeId}
                onLocate={(line, column) => moveCursor(handles.query.current, line, column)}
                actions={comparable && <CompareRunsButton tabId={activeId} />}
              />
            </ErrorBoundary>
          </div>
        </div>
      </div>
      {shortcutsOpen && <ShortcutsDialog open onClose={() => setShortcutsOpen(false)} />}
      {paletteOpen && (
        <CommandPalette
          target={commands}
          onOpen={openInNewTab}
          onClose={() => setPaletteOpen(false)}
        />
      )}
      {exportRequest && (
        <ExportDialog
          request={exportRequest}
          getSchema={() => schema.schema}
          limits={limits}
          onClose={() => setExportRequest(undefined)}
        />
      )}
      {saving.dialog && (
        <SaveDialog
          defaultName={saving.dialog.defaultName}
          collections={saved.state.collections}
          hasHeaders={saving.dialog.hasHeaders}
          onSave={saving.save}
          onClose={saving.close}
        />
      )}
    </div>
  );
}
