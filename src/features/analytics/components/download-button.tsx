import { useState } from 'react';
import type { ReportState } from '../hooks/use-report.ts';
import { formatBytes } from '../../../shared/lib/format-bytes.ts';
import { saveBlob } from '../../../shared/lib/save-blob.ts';

/**
 * "Download CSV" saves the exact bytes the server sent (kept in the worker; no second request).
 * After a cancel or a dropped connection it offers the partial bytes, labelled as partial.
 */
export function DownloadButton({
  state,
  download,
}: {
  state: ReportState;
  download(): Promise<Blob>;
}) {
  const [error, setError] = useState<string>();
  const { phase, outcome, progress } = state;
  const partial = outcome === 'cancelled' || outcome === 'dropped';
  const usable =
    phase === 'done' && progress.bytes > 0 && outcome !== 'html' && outcome !== 'empty';
  if (state.loadId === 0) return null;
  const name = partial ? state.fileName.replace(/\.csv$/, '.partial.csv') : state.fileName;

  async function handleDownload() {
    setError(undefined);
    try {
      saveBlob(await download(), name);
    } catch (err) {
      setError(`Could not save the file: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  return (
    <span className="an-inline">
      <button
        type="button"
        disabled={!usable}
        title={phase === 'streaming' ? 'Available when the report has arrived' : name}
        onClick={() => void handleDownload()}
      >
        {partial ? `Download partial CSV (${formatBytes(progress.bytes)})` : 'Download CSV'}
      </button>
      {error && (
        <span className="an-error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
