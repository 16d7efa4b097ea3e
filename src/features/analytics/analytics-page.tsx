import { useCallback, useEffect, useMemo, useState } from 'react';
import { AnalyticsConnection } from './components/analytics-connection.tsx';
import { ComparePeriods } from './components/compare-periods.tsx';
import { CreditsPanel } from './components/credits-panel.tsx';
import { DownloadButton } from './components/download-button.tsx';
import { ExportViewButton } from './components/export-view-button.tsx';
import { ReportChart } from './components/report-chart.tsx';
import { ReportForm } from './components/report-form.tsx';
import { ReportStatus } from './components/report-status.tsx';
import { ReportTable, TABLE_BUILD_STEPS } from './components/report-table.tsx';
import { SummaryPanel } from './components/summary-panel.tsx';
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
import './analytics.css';

/** What the user typed survives leaving the tab and coming back (not persisted to storage). */
let savedForm: Form = { host: '', granularity: DEFAULT_GRANULARITY, startDate: '', endDate: '' };

/**
 * The analytics tab (lazy-loaded chunk): the analytics service connection, the report form, a
 * streaming CSV preview whose rows live in a worker, Download CSV and Export view as CSV, a
 * report chart, a summary (pivot) with its chart, Compare periods, and credits.
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

  function handleChange(patch: Partial<Form>) {
    const next = { ...form, ...patch };
    savedForm = next;
    setForm(next);
    setErrors((errs) => errs.filter((e) => !(e.field in patch)));
  }

  function handleInstances(list: string[]) {
    setHosts(list);
    if (!form.host.trim() && list[0]) handleChange({ host: list[0] });
  }

  /** Checks the form; shows the errors beside the fields and returns true when invalid. */
  const invalid = useCallback((): boolean => {
    const r = buildReportParams(form);
    setErrors(r.ok ? [] : r.errors);
    return !r.ok;
  }, [form]);

  // Progress arrives several times a second; the credits panel does not depend on it.
  const credits = useMemo(() => <CreditsPanel form={form} onInvalid={invalid} />, [form, invalid]);

  function handleLoadReport() {
    const r = buildReportParams(form);
    if (!r.ok) {
      setErrors(r.errors);
      return;
    }
    setErrors([]);
    const host = normalizeInstanceHost(form.host);
    void report.load(r.params, reportFileName(form), host.ok ? host.host : form.host);
  }

  return (
    <section className="an-page" aria-labelledby="an-title">
      <h1 id="an-title" className="an-title">
        Analytics
      </h1>
      <AnalyticsConnection onInstances={handleInstances} />
      <ReportForm
        form={form}
        errors={errors}
        hosts={hosts}
        busy={busy}
        onChange={handleChange}
        onLoadReport={handleLoadReport}
      >
        <DownloadButton state={state} download={report.download} />
        <ExportViewButton state={state} summarySpec={summarySpec} exportView={report.exportView} />
      </ReportForm>
      <ReportStatus state={state} onCancel={report.cancel} />
      <ReportTable
        state={state}
        requestWindow={report.requestWindow}
        setView={report.setView}
        built={stage}
      />
      <ReportChart state={state} chart={report.chart} shown={panel(1)} />
      <SummaryPanel
        state={state}
        spec={summarySpec}
        onSpec={setSummarySpec}
        summary={report.summary}
        chart={report.chart}
        shown={panel(2)}
      />
      <ComparePeriods state={state} compare={report.compare} shown={panel(3)} />
      {credits}
    </section>
  );
}
