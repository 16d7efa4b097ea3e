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
  /** The scenario's Chromium (launched on first use, closed after the scenario). */
  browser(): Promise<Browser>;
  /** A fresh profile: a new browser context (empty cache, storage, cookies) and a page in it. */
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
