import { useId, useState } from 'react';
import type { ReportState } from '../hooks/use-report.ts';
import { viewFileName } from '../lib/csv-write.ts';
import type { SummarySpec } from '../lib/summary-spec.ts';
import { saveBlob } from '../../../shared/lib/save-blob.ts';

interface Props {
  state: ReportState;
  summarySpec: SummarySpec;
  exportView(summarySpec?: SummarySpec): Promise<Blob>;
}

/**
 * "Export view as CSV": a derived file of what the page shows (the preview's rows as filtered
 * and sorted, or the whole Summary table), named `…-view.csv`. "Download CSV" stays the
 * server's exact bytes.
 */
export function ExportViewButton({ state, summarySpec, exportView }: Props) {
  const id = useId();
  const [what, setWhat] = useState<'rows' | 'summary'>('rows');
  const [error, setError] = useState<string>();
  if (state.loadId === 0) return null;
  const usable = state.phase === 'done' && state.progress.rows > 0;
  const name = viewFileName(state.fileName, what);

  async function handleExport() {
    setError(undefined);
    try {
      saveBlob(await exportView(what === 'summary' ? summarySpec : undefined), name);
    } catch (err) {
      setError(`Could not export the view: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  return (
    <span className="an-inline">
      <select
        aria-label="View to export"
        value={what}
        onChange={(e) => setWhat(e.target.value as 'rows' | 'summary')}
      >
        <option value="rows">rows as shown (filtered, sorted)</option>
        <option value="summary">the summary table</option>
      </select>
      <button
        type="button"
        disabled={!usable}
        aria-describedby={`${id}-note`}
        onClick={() => void handleExport()}
      >
        Export view as CSV
      </button>
      <span id={`${id}-note`} className="an-hint">
        Derived file ({name}), not the server&apos;s bytes
      </span>
      {error && (
        <span className="an-error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
