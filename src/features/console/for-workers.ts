/**
 * The console feature's entry for Web Workers and tools outside the page (bench/, e2e/): the
 * response formatting pipeline the format worker runs, the command table the e2e specs walk and
 * the query editor's parts bench/floor assembles, without the page, stores or React (index.ts
 * has only the page's loaders).
 */
export { COMMANDS } from './commands/command-table.ts';
export { FormatJob, type FormatReply } from './response/format-job.ts';
export { JsonStreamPrinter } from './response/json-stream-printer.ts';
export { LineDecoder, type EncodedLines } from './response/line-codec.ts';
export { costHintsLinter } from './editor/cost-hints-lint.ts';
export { eagerAutocompletion } from './editor/eager-completion.ts';
export { editingExtensions } from './editor/editing-extensions.ts';
export { graphqlCompletion } from './editor/graphql-completion.ts';
export { graphqlDiagnostics } from './editor/graphql-diagnostics.ts';
