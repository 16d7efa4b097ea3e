import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { BenchServer, ServerEnv } from './servers.ts';

/** How a metric is read: its unit, and the target from issue 6 when there is one. */
export interface MetricSpec {
  label: string;
  unit: 'ms' | 'kB' | 'MB' | 'MB/s' | 'count' | 'req/s' | 'ratio' | '%';
  /** The figure we aim for; printed beside the measurement, never enforced. */
  target?: number;
  /** Which direction is good; decides the ✓/✗ mark next to the target. */
  better?: 'lower' | 'higher';
  /**
   * The least the source reports: a value under it means "none reported" and prints as
   * `< floor` (the Long Tasks API lists only tasks of 50 ms or more, so its 0 is "< 50").
   */
  floor?: number;
}

/** What a scenario gets for each repetition. */
export interface BenchContext {
  /** 0-based repetition number. */
  rep: number;
  reps: number;
  /** The shared default server (`npm start` equivalent), started on first use. */
  server(): Promise<BenchServer>;
  /** Another server with extra environment (e.g. SANDBOX_SCHEMA); cached by env, stopped after the scenario. */
  serverWith(env: ServerEnv): Promise<BenchServer>;
  /** A server process of this repetition's own (not shared with other repetitions), stopped after it. */
  ownServer(env: ServerEnv): Promise<BenchServer>;
  /** The Chromium of the latest `freshPage()` (launched if there is none yet). */
  browser(): Promise<Browser>;
  /**
   * A first visit: a newly launched Chromium (the previous one is closed first) and a page in a
   * fresh context of it (empty cache, storage, cookies). A browser reused across repetitions
   * would leave only the first cold: its spare renderer, started network service and compiled
   * browser code make every later page start faster than a visit does.
   */
  freshPage(): Promise<{ context: BrowserContext; page: Page }>;
  /** Progress line on stderr. */
  log(message: string): void;
}

/** A benchmark scenario; bench/scenarios/index.ts lists them. */
export interface Scenario {
  /** Short id used by `--only`. */
  name: string;
  title: string;
  metrics: Record<string, MetricSpec>;
  /** Repetitions when `--reps` is not given (default 5). */
  reps?: number;
  /** One repetition; returns a value per metric key (NaN when not measurable this time). */
  run(ctx: BenchContext): Promise<Record<string, number>>;
}

/** Thrown by a scenario that cannot run (missing feature): the runner reports the message and moves on. */
export class SkipScenario extends Error {}
