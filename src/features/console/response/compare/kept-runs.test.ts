import { Text } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { withRun, type KeepLimits, type KeptRuns } from './kept-runs.ts';

const doc = (chars: number) => Text.of(['x'.repeat(chars)]);
const run = (at: number, chars = 10) => ({ at, status: 200, doc: doc(chars) });
const seqs = (all: KeptRuns, tab: string) => all.get(tab)?.map((r) => r.seq);

describe('withRun: what a tab keeps for Compare runs', () => {
  const limits: KeepLimits = { perTab: 3, olderChars: 1000 };

  it('numbers a tab’s runs and keeps its last `perTab`', () => {
    let all: KeptRuns = new Map();
    for (let i = 1; i <= 5; i++) all = withRun(all, 'a', run(i), limits);
    expect(seqs(all, 'a')).toEqual([3, 4, 5]);
    all = withRun(all, 'b', run(6), limits);
    expect(seqs(all, 'b')).toEqual([1]);
    expect(seqs(all, 'a')).toEqual([3, 4, 5]);
  });

  it('drops the oldest older runs of any tab past the size budget, never a latest', () => {
    let all: KeptRuns = new Map();
    all = withRun(all, 'a', run(1, 400), limits);
    all = withRun(all, 'b', run(2, 400), limits);
    all = withRun(all, 'a', run(3, 400), limits); // older: a#1 (400)
    all = withRun(all, 'b', run(4, 400), limits); // older: a#1, b#1 (800)
    expect(seqs(all, 'a')).toEqual([1, 2]);
    expect(seqs(all, 'b')).toEqual([1, 2]);
    all = withRun(all, 'a', run(5, 400), limits); // older: a#1, b#1, a#2 (1200): a#1 goes
    expect(seqs(all, 'a')).toEqual([2, 3]);
    expect(seqs(all, 'b')).toEqual([1, 2]);
    // A run larger than the budget stays while it is the latest, and goes once it is not.
    all = withRun(all, 'c', run(6, 5000), limits);
    expect(seqs(all, 'c')).toEqual([1]);
    all = withRun(all, 'c', run(7, 10), limits);
    expect(seqs(all, 'c')).toEqual([2]);
  });

  it('does not change the map it was given', () => {
    const before: KeptRuns = new Map();
    const after = withRun(before, 'a', run(1), limits);
    expect(before.size).toBe(0);
    expect(after.get('a')).toHaveLength(1);
  });
});
