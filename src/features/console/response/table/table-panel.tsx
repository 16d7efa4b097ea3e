import { useState } from 'react';
import type { RunResult } from '../responses.ts';
import { ResponseViewPanel, useResponseView } from '../response-view-tabs.tsx';
import { LazyTableView } from './lazy-table-view.tsx';

interface Props {
  idBase: string;
  result?: RunResult;
  running: boolean;
}

/**
 * The "Table" tab's panel. Its code loads the first time the tab is shown; from then on the view
 * stays mounted while "JSON" is shown (its list, sort and scroll stay), reading a new response
 * only when shown again.
 */
export function TablePanel({ idBase, result, running }: Props) {
  const shown = useResponseView() === 'table';
  const [opened, setOpened] = useState(shown);
  if (shown && !opened) setOpened(true);
  const body = result?.body;
  return (
    <ResponseViewPanel idBase={idBase} view="table">
      {running ? (
        <p className="placeholder">The table is made once the whole response has arrived.</p>
      ) : !opened || !body ? null : body.doc.length === 0 ? (
        <p className="placeholder">The response is empty: no table to show.</p>
      ) : (
        <LazyTableView
          doc={body.doc}
          language={body.language}
          operationName={result.operationName}
          active={shown}
        />
      )}
    </ResponseViewPanel>
  );
}
