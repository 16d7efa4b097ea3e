import { Text } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import {
  forgetRun,
  runProgress,
  runSettled,
  runStarted,
  runsForTests,
  type RunResult,
} from './responses.ts';

const ok: RunResult = { at: 1, status: 200 };
const failed: RunResult = { at: 2, failure: { kind: 'network', message: 'offline' } };

describe('runs: the one owner of what runs produce', () => {
  it('a run under way has its tab and its text; settling keeps the text after a success', () => {
    runStarted('a');
    const doc = Text.of(['{', '}']);
    runProgress(doc);
    expect(runsForTests()).toMatchObject({ running: 'a', live: doc });
    runSettled('a', ok, true);
    const r = runsForTests();
    expect(r.running).toBeUndefined();
    expect(r.live).toBe(doc);
    expect(r.results.get('a')).toBe(ok);
  });

  it('a failure drops the streamed text; a stale run settling leaves the running one alone', () => {
    runStarted('a');
    runProgress(Text.of(['partial']));
    runSettled('a', failed, true);
    expect(runsForTests().live).toBeUndefined();

    runStarted('b');
    const doc = Text.of(['b']);
    runProgress(doc);
    runSettled('a', ok, false); // an earlier run, aborted, settles late
    expect(runsForTests()).toMatchObject({ running: 'b', live: doc });
    expect(runsForTests().results.get('a')).toBe(ok);
  });

  it('forgets a closed tab', () => {
    runSettled('c', ok, false);
    forgetRun('c');
    expect(runsForTests().results.has('c')).toBe(false);
  });
});
