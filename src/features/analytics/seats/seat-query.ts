/**
 * The report worker's seats answer (method `seats` of worker/protocol.ts): the whole report's
 * users, whatever the preview's filters (a seat is used or not over the report's period), joined
 * with the instance users the page sends.
 */
import type { ReportStore } from '../lib/csv-store.ts';
import { reportColumns } from '../worker/queries.ts';
import type { InstanceKey } from './lib/match-users.ts';
import { reportUsers } from './lib/report-users.ts';
import { seatAnswer, type SeatAnswer } from './lib/seat-answer.ts';

export function runSeats(store: ReportStore | undefined, instance: InstanceKey[]): SeatAnswer {
  if (!store) return { ok: false, reason: 'no-users' };
  return seatAnswer(
    reportUsers({ ...store.source(), rows: undefined }, reportColumns(store)),
    instance,
  );
}
