import { useEffect, useRef, useState } from 'react';
import { formatBytes } from '../../../../shared/lib/format-bytes.ts';
import { compareDocs } from './compare-client.ts';
import type { CompareResult } from './compare-protocol.ts';
import type { KeptRun, RunTarget } from './kept-runs.ts';
import { ChangedPaths } from './changed-paths.tsx';
import './compare-runs.css';

const where = (t: RunTarget | undefined) => (t ? `${t.profile || 'no profile'} (${t.host})` : '');

/** How an option names a run: number, time, operation, profile and host, status, size. */
export function runLabel(r: KeptRun): string {
  return [
    `Run ${r.seq}`,
    new Date(r.at).toLocaleTimeString(),
    r.operationName,
    where(r.target),
    r.status,
    r.size !== undefined ? formatBytes(r.size) : undefined,
  ]
    .filter((x) => x !== undefined && x !== '')
    .join(' · ');
}

type Outcome = { key: string; result?: CompareResult; error?: string };

/**
 * Dialog "Compare runs": comboboxes "Earlier run" and "Later run" over the tab's kept runs (the
 * two latest at first), and the structural diff of their responses, computed in the compare
 * worker: a summary, notes (lists compared by index, a side that is not JSON, runs sent to
 * different profiles) and table "Changed paths". Modal; Escape or Close closes it.
 */
export function CompareRunsDialog({
  runs,
  onClose,
}: {
  runs: readonly KeptRun[];
  onClose(): void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [picked, setPicked] = useState(() => ({
    earlier: runs.at(-2)!.seq,
    later: runs.at(-1)!.seq,
  }));
  // A picked run may have been dropped meanwhile (a tab keeps its last few): fall back.
  const earlier = runs.find((r) => r.seq === picked.earlier) ?? runs.at(-2)!;
  const later = runs.find((r) => r.seq === picked.later) ?? runs.at(-1)!;
  const key = `${earlier.seq}:${later.seq}`;
  const [outcome, setOutcome] = useState<Outcome>();

  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);

  useEffect(() => {
    if (earlier === later) return;
    const controller = new AbortController();
    compareDocs(earlier.doc, later.doc, controller.signal).then(
      (result) => setOutcome({ key, result }),
      (err: unknown) => {
        if (!controller.signal.aborted)
          setOutcome({ key, error: err instanceof Error ? err.message : String(err) });
      },
    );
    return () => controller.abort();
  }, [earlier, later, key]);

  const current = outcome?.key === key ? outcome : undefined;
  const select = (side: 'earlier' | 'later', label: string) => (
    <label>
      {label}
      <select
        value={side === 'earlier' ? earlier.seq : later.seq}
        onChange={(e) => setPicked((p) => ({ ...p, [side]: Number(e.target.value) }))}
      >
        {runs.map((r) => (
          <option key={r.seq} value={r.seq}>
            {runLabel(r)}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <dialog
      ref={ref}
      className="compare-runs"
      aria-labelledby="compare-runs-title"
      onClose={onClose}
    >
      <h2 id="compare-runs-title">Compare runs</h2>
      <div className="compare-runs-pickers">
        {select('earlier', 'Earlier run')}
        {select('later', 'Later run')}
      </div>
      {earlier.target && later.target && where(earlier.target) !== where(later.target) && (
        <p className="compare-runs-note">
          These runs went to different places: {where(earlier.target)} and {where(later.target)}.
        </p>
      )}
      <p role="status" className="compare-runs-summary">
        {earlier === later
          ? 'Pick two different runs.'
          : current?.error
            ? `The runs could not be compared: ${current.error}`
            : current?.result
              ? summary(current.result)
              : 'Comparing…'}
      </p>
      {earlier !== later && current?.result && <Notes result={current.result} />}
      {earlier !== later && current?.result && current.result.total > 0 && (
        <ChangedPaths result={current.result} />
      )}
      <button type="button" onClick={() => ref.current?.close()}>
        Close
      </button>
    </dialog>
  );
}

function summary(r: CompareResult): string {
  if (r.total === 0) return 'No differences: both responses hold the same values.';
  const parts = (['added', 'removed', 'changed'] as const)
    .filter((k) => r.counts[k] > 0)
    .map((k) => `${r.counts[k].toLocaleString()} ${k}`);
  const n = r.total.toLocaleString();
  return `${n} changed path${r.total === 1 ? '' : 's'}: ${parts.join(', ')}.`;
}

function Notes({ result }: { result: CompareResult }) {
  const notes: string[] = [];
  if (result.notJson.before)
    notes.push(`The earlier response is not JSON (${result.notJson.before}): compared as text.`);
  if (result.notJson.after)
    notes.push(`The later response is not JSON (${result.notJson.after}): compared as text.`);
  if (result.arrays)
    notes.push(
      'Lists are compared by index: an item added or removed in the middle shows as changes at every later index.',
    );
  if (result.changes.length < result.total)
    notes.push(
      `Showing the first ${result.changes.length.toLocaleString()} of ${result.total.toLocaleString()} changed paths.`,
    );
  return (
    <>
      {notes.map((n) => (
        <p key={n} className="compare-runs-note">
          {n}
        </p>
      ))}
    </>
  );
}
