import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
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
import { SummaryPanel } from './components/summary-panel.tsx';
import { useCredits } from './hooks/use-credits.ts';
import { useReport } from './hooks/use-report.ts';
import { useStagedMount } from './hooks/use-staged-mount.ts';
import { afterNextPaint } from './lib/after-next-paint.ts';
import { normalizeInstanceHost } from '../../shared/contracts/host.ts';
import {
  buildReportParams,
  DEFAULT_GRANULARITY,
  reportFileName,
  type FieldError,
  type ReportForm as Form,
} from '../../shared/contracts/report-params.ts';
import { SUMMARY_PRESETS, type SummarySpec } from './lib/summary-spec.ts';
import { SeatsRegion } from './seats/seats-loader.ts';
import './analytics.css';

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
  const [summarySpec, setSummarySpec] = useState<SummarySpec>(SUMMARY_PRESETS[0].spec);
  const report = useReport();
  const { state } = report;
  const busy = state.phase === 'requesting' || state.phase === 'streaming';
  // A report's first progress builds the table's header alone; once its first rows are in, the
  // rows (in steps), the chart, the summary and the comparison follow one per frame (the panels
  // stay mounted, keeping their choices, and render nothing until shown), so no single task
  // builds and lays out the page.
  const rowsIn = state.window.rows.length > 0 || state.phase === 'done';
  const stage = useStagedMount(
    state.progress.header !== undefined,
    rowsIn ? TABLE_BUILD_STEPS + 3 : 0,
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

  function handleLoadReport() {
    const r = buildReportParams(form);
    if (!r.ok) {
      setErrors(r.errors);
      return;
    }
    setErrors([]);
    setSandboxNote(false);
    const host = normalizeInstanceHost(form.host);
    void report.load(r.params, reportFileName(form), host.ok ? host.host : form.host);
  }

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
            onLoadReport={handleLoadReport}
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
          <ReportChart state={state} chart={report.chart} shown={panel(1)} />
          <ComparePeriods state={state} compare={report.compare} shown={panel(3)} />
        </div>
        <SummaryPanel
          state={state}
          spec={summarySpec}
          onSpec={setSummarySpec}
          summary={report.summary}
          chart={report.chart}
          shown={panel(2)}
        />
      </div>
      {state.loadId > 0 && <SeatsRegion state={state} host={form.host} seats={report.seats} />}
      {state.loadId > 0 && (
        <div className="an-rows-head">
          <h2 className="an-h2">Rows</h2>
          <ExportViewButton
            state={state}
            summarySpec={summarySpec}
            exportView={report.exportView}
          />
        </div>
      )}
      <ReportTable
        state={state}
        requestWindow={report.requestWindow}
        setView={report.setView}
        built={stage}
      />
      <CreditsPanel credits={credits} />
    </section>
  );
}
