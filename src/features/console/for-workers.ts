/**
 * The console feature's entry for Web Workers and tools outside the page (bench/, e2e/): the
 * response formatting pipeline the format worker runs, and the command table the e2e specs walk,
 * without the page, stores or React (index.ts has only the page's loaders).
 */
export { COMMANDS } from './commands/command-table.ts';
export { FormatJob, type FormatReply } from './response/format-job.ts';
export { JsonStreamPrinter } from './response/json-stream-printer.ts';
export { LineDecoder, type EncodedLines } from './response/line-codec.ts';
