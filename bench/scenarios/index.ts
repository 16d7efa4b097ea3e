import type { Scenario } from '../lib/types.ts';
import { bigResponses } from './big-responses.ts';
import { editorReady } from './editor-ready.ts';
import { initialLoad } from './initial-load.ts';
import { relayStream } from './relay-stream.ts';
import { serverLoad } from './server-load.ts';
import { bigReport } from './big-report.ts';
import { bigSchema, completion } from './big-schema.ts';
import { loadFaults } from './load-faults.ts';
import { loadSoak } from './load-soak.ts';
import { exportPages } from './export-pages.ts';
import { seatJoin } from './seat-join.ts';

/** Every scenario `npm run bench` knows: issue 6's in order, then issue 7's. Add yours here. */
export const scenarios: Scenario[] = [
  initialLoad,
  editorReady,
  bigSchema,
  completion,
  bigResponses,
  bigReport,
  serverLoad,
  relayStream,
  loadSoak,
  loadFaults,
  exportPages,
  seatJoin,
];
