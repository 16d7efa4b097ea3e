import type { GraphQLSchema } from 'graphql';
import { useMemo } from 'react';
import type { CostLimits } from '../../../shared/contracts/cost-limits.ts';
import { loadable } from '../../../shared/ui/loadable.tsx';
import { loadExportDialog } from '../../bulk-export/index.ts';
import { parseHeaders } from './headers.ts';
import { parseVariables } from './parse-variables.ts';
import { requestOptionHeaders, withOptionHeaders } from './request-options.ts';
import { getRequestOptions } from './request-options-store.ts';

const dialog = loadable(() => loadExportDialog().then((m) => m.ExportDialog));

/** Loads the bulk-export dialog's code (lazy-panels.tsx requests it with this file's). */
export const preloadExportDialog = dialog.preload;

export interface ExportRequest {
  /** The editors' text when the command ran. */
  query: string;
  variables: string;
  headers: string;
  cursorOffset?: number;
}

/**
 * The console's side of "Export all pages" (the bulk-export feature): the Variables and
 * Headers editors' text read with the rules a run uses, the Request options' headers (Trace,
 * feature flag overrides) as a run sends them, the schema and the cost meter's limits.
 */
export function ExportSlot(p: {
  request: ExportRequest;
  getSchema(): GraphQLSchema | undefined;
  limits: CostLimits;
  onClose(): void;
}) {
  // Read once per opening: the dialog's plan depends on these objects.
  const vars = useMemo(() => parseVariables(p.request.variables), [p.request.variables]);
  const headers = useMemo(() => parseHeaders(p.request.headers), [p.request.headers]);
  const options = useMemo(() => requestOptionHeaders(getRequestOptions(), 'export'), []);
  const sent = useMemo(
    () => (headers.ok && options.ok ? withOptionHeaders(headers.value, options.headers) : {}),
    [headers, options],
  );
  const problem = !vars.ok
    ? `Variables: ${vars.message} (line ${vars.line}, column ${vars.column}).`
    : !headers.ok
      ? `Headers: ${headers.message} (line ${headers.line}, column ${headers.column}).`
      : !options.ok
        ? options.message
        : undefined;
  return (
    <dialog.Component
      query={p.request.query}
      variables={vars.ok ? vars.value : {}}
      headers={sent}
      problem={problem}
      cursorOffset={p.request.cursorOffset}
      getSchema={p.getSchema}
      limits={p.limits}
      onClose={p.onClose}
    />
  );
}
