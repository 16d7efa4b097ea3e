import { useCallback, useEffect, useEffectEvent, useId, useMemo, useRef, useState } from 'react';
import { useConnection } from '../connection/index.ts';
import { AnalyticsConnection, ServiceButton } from './components/analytics-connection.tsx';
import { ComparePeriods } from './components/compare-periods.tsx';
import { CreditsPanel } from './components/credits-panel.tsx';
import { CreditsTile } from './components/credits-tile.tsx';
import { DownloadButton } from './components/download-button.tsx';
import { ExportViewButton } from './components/export-view-button.tsx';
import { KeyFigures } from './components/key-figures.tsx';
import { ReportChart } from './components/report-chart.tsx';
import { ReportForm } from './components/report-form.tsx';
import { ReportStatus } from './components/report-status.tsx';
import { ReportTable, TABLE_BUILD_STEPS } from './components/report-table.tsx';
import { SavedViews } from './components/saved-views.tsx';
import { SummaryPanel } from './components/summary-panel.tsx';
import { useCredits } from './hooks/use-credits.ts';
import { useReport } from './hooks/use-report.ts';
import { useStagedMount } from './hooks/use-staged-mount.ts';
import { useViewChoices } from './hooks/use-view-choices.ts';
import { afterNextPaint } from '../../shared/lib/schedule.ts';
import { normalizeInstanceHost } from '../../shared/contracts/host.ts';
import {
  buildReportParams,
  DEFAULT_GRANULARITY,
  reportFileName,
  type FieldError,
  type ReportForm as Form,
} from '../../shared/contracts/report-params.ts';
import { decodeViewLink, type ViewState } from './lib/saved-view.ts';
import { loadable } from '../../shared/ui/loadable.tsx';
import { SeatsRegion } from './seats/seats-loader.ts';
import './analytics.css';

/** Retention is below the fold and computed once the report is in: a chunk of its own. */
const RetentionPanel = loadable(() =>
  import('./components/retention-panel.tsx').then((m) => m.default),
).Component;

/** What the user typed survives leaving the tab and coming back (not persisted to storage). */
let savedForm: Form = { host: '', granularity: DEFAULT_GRANULARITY, startDate: '', endDate: '' };

/**
 * The analytics tab (lazy-loaded chunk), answers first: one bar (title, analytics service,
 * instance, granularity, dates, Load report, Download CSV) with the service form folded into it
 * once connected; then the key figures (tiles), the report chart beside the summary, Compare
 * periods, the streaming CSV preview whose rows live in a worker, and the credits.
 */
export default function AnalyticsPage() {
  const [form, setForm] = useState<Form>(savedForm);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [hosts, setHosts] = useState<string[]>([]);
  const report = useReport();
  const { state } = report;
  const choices = useViewChoices(state.progress.header);
  /** The parameters of the report asked for last. */
  const [loaded, setLoaded] = useState<string>();
  /** A view opened while not connected: its report loads once the page is. */
  const [pendingLoad, setPendingLoad] = useState(false);
  const busy = state.phase === 'requesting' || state.phase === 'streaming';
  // A report's first progress builds the table's header alone; once its first rows are in, the
  // rows (in steps), the chart, the summary and the comparison follow one per frame (the panels
  // stay mounted, keeping their choices, and render nothing until shown), so no single task
  // builds and lays out the page.
  const rowsIn = state.window.rows.length > 0 || state.phase === 'done';
  const stage = useStagedMount(
    state.progress.header !== undefined,
    rowsIn ? TABLE_BUILD_STEPS + 4 : 0,
  );
  const panel = (n: number) => stage >= TABLE_BUILD_STEPS + n;
  // Once the table's first screen of rows is built and drawn, the worker (paused after sending
  // the first rows, so this page had the CPU) parses on.
  const built = rowsIn && stage >= TABLE_BUILD_STEPS;
  const { firstScreenDrawn } = report;
  useEffect(() => {
    if (!built) return;
    return afterNextPaint(firstScreenDrawn);
  }, [built, firstScreenDrawn, state.loadId]);

  // The service form: open while not connected (no URL or token), folded into the bar's service
  // button once "Use sandbox" filled it or a report arrived with it; a refused token opens it.
  const conn = useConnection();
  const connected = conn.analyticsUrl.trim() !== '' && conn.analyticsToken.trim() !== '';
  const [serviceOpen, setServiceOpen] = useState(!connected);
  const [sandboxNote, setSandboxNote] = useState(false);
  const serviceId = useId();
  const serviceButton = useRef<HTMLButtonElement>(null);
  const [focusService, setFocusService] = useState(false);
  const [seen, setSeen] = useState({ loadId: state.loadId, status: state.errorStatus });
  if (seen.loadId !== state.loadId || seen.status !== state.errorStatus) {
    setSeen({ loadId: state.loadId, status: state.errorStatus });
    if (seen.loadId !== state.loadId) setServiceOpen(false);
    if (state.errorStatus === 401) setServiceOpen(true);
  }
  useEffect(() => {
    if (!focusService) return;
    setFocusService(false);
    serviceButton.current?.focus();
  }, [focusService]);

  /** Applies `patch` to the form as it is now (an answer that arrives later must not undo edits). */
  function handleChange(patch: Partial<Form> | ((f: Form) => Partial<Form>)) {
    setForm((f) => {
      const next = { ...f, ...(typeof patch === 'function' ? patch(f) : patch) };
      savedForm = next;
      return next;
    });
    if (typeof patch !== 'function') setErrors((errs) => errs.filter((e) => !(e.field in patch)));
  }

  function handleSandbox(list: string[]) {
    setHosts(list);
    // The first instance, unless one was typed (also while /sandbox.json was on its way).
    handleChange((f) => (!f.host.trim() && list[0] ? { host: list[0] } : {}));
    setSandboxNote(true);
    setServiceOpen(false);
    // The focused "Use sandbox" button folds away with the form: focus goes to what opens it.
    setFocusService(true);
  }

  /** Checks the form; shows the errors beside the fields and returns true when invalid. */
  const invalid = useCallback((): boolean => {
    const r = buildReportParams(form);
    setErrors(r.ok ? [] : r.errors);
    return !r.ok;
  }, [form]);

  const { credits, loadCredits } = useCredits(form, invalid);
  // Progress arrives several times a second; the credits do not depend on it.
  const creditsTile = useMemo(
    () => <CreditsTile credits={credits} onLoad={() => void loadCredits()} />,
    [credits, loadCredits],
  );

  /** Loads the report of form `f`; false when it is invalid (the errors are shown). */
  function loadReport(f: Form): boolean {
    const r = buildReportParams(f);
    if (!r.ok) {
      setErrors(r.errors);
      return false;
    }
    setErrors([]);
    setSandboxNote(false);
    setPendingLoad(false);
    setLoaded(r.params.toString());
    const host = normalizeInstanceHost(f.host);
    void report.load(r.params, reportFileName(f), host.ok ? host.host : f.host);
    return true;
  }

  /**
   * Shows a saved view or a view's link: its form and choices, and its report, loaded unless it
   * is the one shown (or once connected).
   */
  function openView(view: ViewState) {
    handleChange(view.report);
    const r = buildReportParams(view.report);
    const shown = r.ok && r.params.toString() === loaded && state.loadId > 0;
    choices.apply(view, !shown);
    if (shown) return;
    if (connected) loadReport(view.report);
    else setPendingLoad(true);
  }

  // A view's link (`#…` on /analytics): opened once, then the address keeps the path alone (a
  // later reload shows what the page holds, not the link again).
  const openLink = useEffectEvent(() => {
    const view = decodeViewLink(window.location.hash);
    if (!view) return;
    window.history.replaceState(window.history.state, '', window.location.pathname);
    openView(view);
  });
  useEffect(() => {
    openLink();
    window.addEventListener('hashchange', openLink);
    return () => window.removeEventListener('hashchange', openLink);
  }, []);

  const loadPending = useEffectEvent(() => loadReport(form));
  useEffect(() => {
    if (pendingLoad && connected) loadPending();
  }, [pendingLoad, connected]);

  const open = serviceOpen || !connected;
  return (
    <section className="an-page" aria-labelledby="an-title">
      <div className="an-top">
        <div className="an-bar">
          <h1 id="an-title" className="an-title">
            Analytics
          </h1>
          {connected && (
            <ServiceButton
              ref={serviceButton}
              open={open}
              controls={serviceId}
              onToggle={() => setServiceOpen(!open)}
            />
          )}
          <ReportForm
            form={form}
            errors={errors}
            busy={busy}
            onChange={handleChange}
            onLoadReport={() => loadReport(form)}
          >
            <DownloadButton state={state} download={report.download} />
          </ReportForm>
        </div>
        {open && (
          <AnalyticsConnection
            id={serviceId}
            hosts={hosts}
            onHost={(host) => handleChange({ host })}
            onSandbox={handleSandbox}
          />
        )}
        <SavedViews current={() => choices.snapshot(form)} onOpen={openView} />
        {pendingLoad && (
          <p className="an-hint" role="status">
            Connect to the analytics service: the view&apos;s report loads once the page is
            connected.
          </p>
        )}
        {sandboxNote && (
          <p className="an-hint" role="status">
            Connected to the sandbox analytics service.
          </p>
        )}
      </div>
      <ReportStatus state={state} onCancel={report.cancel} />
      <KeyFigures state={state} keyFigures={report.keyFigures} credits={creditsTile} />
      <div className="an-answers">
        <div className="an-answers-main">
          <ReportChart
            state={state}
            chart={report.chart}
            choice={choices.chart}
            onChoice={choices.onChart}
            shown={panel(1)}
          />
          <ComparePeriods
            state={state}
            compare={report.compare}
            choice={choices.compare}
            onChoice={choices.onCompare}
            shown={panel(3)}
          />
        </div>
        <SummaryPanel
          state={state}
          spec={choices.summary}
          onSpec={choices.setSummary}
          summary={report.summary}
          chart={report.chart}
          shown={panel(2)}
        />
      </div>
      {state.loadId > 0 && (
        <RetentionPanel
          state={state}
          retention={report.retention}
          per={choices.retentionPer}
          onPer={choices.setRetentionPer}
          shown={panel(4)}
        />
      )}
      {state.loadId > 0 && <SeatsRegion state={state} host={form.host} seats={report.seats} />}
      {state.loadId > 0 && (
        <div className="an-rows-head">
          <h2 className="an-h2">Rows</h2>
          <ExportViewButton
            state={state}
            summarySpec={choices.summary}
            exportView={report.exportView}
          />
        </div>
      )}
      <ReportTable
        state={state}
        requestWindow={report.requestWindow}
        setView={report.setView}
        view={choices.table}
        onView={choices.setTable}
        built={stage}
      />
      <CreditsPanel credits={credits} />
    </section>
  );
}
