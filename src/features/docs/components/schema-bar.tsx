import { printSchema } from 'graphql';
import { useRef, useState } from 'react';
import type { SchemaState } from '../../schema/index.ts';
import { fileStem } from '../lib/file-stem.ts';
import { saveBlob } from '../../../shared/lib/save-blob.ts';

/** Schema actions and state: refetch, load from a file, downloads, status and failures. */
export function SchemaBar({ state }: { state: SchemaState }) {
  const fileRef = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { schema, status, error, notice, source, fileName, fetching, baseUrl } = state;
  const stem = fileStem(baseUrl);

  async function onFile(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    setFileError(undefined);
    try {
      await state.loadFromFile(file);
    } catch (err) {
      setFileError((err as Error).message);
    } finally {
      setBusy(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  }

  return (
    <div className="docs-schema-bar">
      <div className="docs-actions" role="group" aria-label="Schema">
        <button type="button" onClick={state.refetch} disabled={!baseUrl} title="Shift-Ctrl-R">
          Refetch schema
        </button>
        <button type="button" onClick={() => fileRef.current?.click()} disabled={busy}>
          Load schema file
        </button>
        <input
          ref={fileRef}
          type="file"
          accept=".graphql,.graphqls,.gql,.json,application/json,text/plain"
          aria-label="Schema file"
          hidden
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
        <button
          type="button"
          disabled={!schema}
          onClick={() =>
            schema &&
            saveBlob(new Blob([printSchema(schema)], { type: 'text/plain' }), `${stem}.graphql`)
          }
        >
          Download SDL
        </button>
        <button
          type="button"
          disabled={!state.json}
          onClick={() => state.json && saveBlob(state.json, `${stem}.introspection.json`)}
        >
          Download JSON
        </button>
      </div>
      <div aria-live="polite" className="docs-status">
        {(status === 'loading' || fetching) && <p className="docs-muted">Loading the schema…</p>}
        {busy && <p className="docs-muted">Reading the schema file…</p>}
        {status === 'idle' && !schema && (
          <p className="docs-muted">
            Enter an Instance URL to load its schema, or load a schema file.
          </p>
        )}
        {source === 'file' && (
          <p className="docs-muted">
            Schema from the file {fileName}. “Refetch schema” goes back to introspection.
          </p>
        )}
        {notice && source === 'introspection-legacy' && <p className="docs-notice">{notice}</p>}
      </div>
      {error && (
        <p role="alert" className="docs-error">
          {error}
          {schema ? ' (Showing the schema loaded before.)' : ''}
        </p>
      )}
      {fileError && (
        <p role="alert" className="docs-error">
          {fileError}
        </p>
      )}
    </div>
  );
}
