/**
 * The analytics feature's entry for tools outside the page (bench/): the report worker's parsing
 * pipeline (bytes → columnar store) and its retention query, without the page, the worker or
 * React (index.ts has only the page's loader).
 */
export { CsvByteStream, type ByteSink } from './lib/csv-byte-stream.ts';
export { CsvChunkParser } from './lib/csv-stream.ts';
export { ReportStore } from './lib/csv-store.ts';
export { columnRoles } from './lib/column-roles.ts';
export { retention } from './lib/retention.ts';
