import { describe, expect, it } from 'vitest';
import type { RowWindow } from '../lib/csv-store.ts';
import { HeldWindow, type WindowSource } from './held-window.ts';

/** A view of `length` rows whose cells say their row number. */
function rows(length: number): WindowSource & { length: number } {
  return {
    length,
    viewLength() {
      return this.length;
    },
    window(start, count) {
      const from = Math.min(start, this.length);
      const to = Math.min(this.length, from + count);
      const numbers = Array.from({ length: to - from }, (_, i) => from + i + 1);
      return { start: from, rows: numbers.map((n) => [`row ${n}`]), rowNumbers: numbers };
    },
  };
}

/** What `answer` resolved with once pending microtasks have run; 'held' if not yet. */
async function settled(answer: RowWindow | Promise<RowWindow>): Promise<RowWindow | 'held'> {
  let result: RowWindow | 'held' = 'held';
  void Promise.resolve(answer).then((w) => (result = w));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return result;
}

describe('HeldWindow', () => {
  it('holds a call until a row in its range arrives, then answers with the rows there are', async () => {
    const view = rows(0);
    const at: { store?: WindowSource } = {};
    const held = new HeldWindow(() => at.store);
    // Asked before the header (no store yet), as the page asks for its first screen.
    const first = held.ask(0, 40);
    held.rowsArrived();
    expect(await settled(first)).toBe('held');
    at.store = view;
    held.rowsArrived();
    expect(await settled(first)).toBe('held');
    view.length = 3;
    held.rowsArrived();
    expect(await settled(first)).toEqual({
      start: 0,
      rows: [['row 1'], ['row 2'], ['row 3']],
      rowNumbers: [1, 2, 3],
    });
  });

  it('answers at once when the view has a row in the range, however few', async () => {
    const held = new HeldWindow(() => rows(12));
    expect(await settled(held.ask(10, 40))).toMatchObject({ start: 10, rowNumbers: [11, 12] });
  });

  it('keeps holding while the rows that arrive are all before the range', async () => {
    const view = rows(5);
    const held = new HeldWindow(() => view);
    const later = held.ask(20, 10);
    view.length = 20;
    held.rowsArrived();
    expect(await settled(later)).toBe('held');
    view.length = 21;
    held.rowsArrived();
    expect(await settled(later)).toMatchObject({ start: 20, rowNumbers: [21] });
  });

  it('answers a held call with what there is when a newer one comes', async () => {
    const view = rows(0);
    const held = new HeldWindow(() => view);
    const older = held.ask(0, 40);
    const newer = held.ask(0, 16);
    expect(await settled(older)).toEqual({ start: 0, rows: [], rowNumbers: [] });
    expect(await settled(newer)).toBe('held');
    view.length = 30;
    held.rowsArrived();
    expect(await settled(newer)).toMatchObject({ start: 0, rows: { length: 16 } });
  });

  it('answers a held call when the load ends, and every later call at once', async () => {
    const held = new HeldWindow(() => rows(0));
    const waiting = held.ask(0, 40);
    held.end();
    expect(await settled(waiting)).toEqual({ start: 0, rows: [], rowNumbers: [] });
    expect(await settled(held.ask(0, 40))).toEqual({ start: 0, rows: [], rowNumbers: [] });
    // No store at all (a body without a header): an empty window, not an error.
    const noStore = new HeldWindow(() => undefined);
    noStore.end();
    expect(await settled(noStore.ask(5, 10))).toEqual({ start: 0, rows: [], rowNumbers: [] });
  });
});
