// `npm run bench`: runs the scenarios in bench/scenarios against the real server and prints
// min / median / max per metric beside the targets from issue 6. It reports; it never fails
// on a target. See bench/README.md.
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium-path.mjs';
import {
  buildIfNeeded,
  startServer as startServerProcess,
  type BenchServer,
  type ServerEnv,
} from './lib/servers.ts';
import { formatNumber, renderTable, summarize, verdict, type Summary } from './lib/stats.ts';
import { SkipScenario, type BenchContext, type MetricSpec, type Scenario } from './lib/types.ts';
import { scenarios } from './scenarios/index.ts';

interface Args {
  only: string[] | null;
  reps: number | null;
  list: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { only: null, reps: null, list: false };
  for (let i = 0; i < argv.length; i++) {
    const [flag = '', inline] = (argv[i] ?? '').split('=', 2);
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value. Try --help.`);
      return v;
    };
    if (flag === '--only') args.only = value().split(',').filter(Boolean);
    else if (flag === '--reps') {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 1) throw new Error('--reps needs a whole number ≥ 1');
      args.reps = n;
    } else if (flag === '--list') args.list = true;
    else if (flag === '--help' || flag === '-h') {
      console.log(
        'Usage: npm run bench -- [--only name[,name]] [--reps N] [--list]\n' +
          'Env: BENCH_PORT (default: free ports; servers take 3 ports each), DIST_DIR (default dist-bench),\n' +
          '     BENCH_BUDGET_S (default 1800: after it, each remaining scenario runs 1 rep).',
      );
      process.exit(0);
    } else throw new Error(`Unknown flag ${flag}. Try --help.`);
  }
  return args;
}

interface MetricResult extends Summary {
  label: string;
  unit: MetricSpec['unit'];
  target: number | null;
  better: 'lower' | 'higher';
  floor: number | undefined;
  values: number[];
}

interface ScenarioResult {
  name: string;
  title: string;
  reps: number;
  status: 'ok' | 'skipped' | 'failed';
  message?: string;
  seconds: number;
  metrics: Record<string, MetricResult>;
}

const log = (message: string) => process.stderr.write(`${message}\n`);

/** Every server child still running, so Ctrl-C does not leave them behind. */
const running = new Set<BenchServer>();
async function startServer(
  port: number | undefined,
  distDir: string,
  env?: ServerEnv,
): Promise<BenchServer> {
  const s = await startServerProcess(port, distDir, env);
  running.add(s);
  const stop = s.stop;
  s.stop = () => {
    running.delete(s);
    return stop();
  };
  return s;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    void Promise.all([...running].map((s) => s.stop())).finally(() => process.exit(130));
  });

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args.list) {
    for (const s of scenarios) console.log(`${s.name.padEnd(16)} ${s.title}`);
    return;
  }
  const unknown = (args.only ?? []).filter((n) => !scenarios.some((s) => s.name === n));
  if (unknown.length)
    throw new Error(
      `Unknown scenario ${unknown.join(', ')}. Known: ${scenarios.map((s) => s.name).join(', ')}`,
    );
  const selected = scenarios.filter((s) => !args.only || args.only.includes(s.name));
  const distDir = process.env.DIST_DIR || 'dist-bench';
  // A fixed base only when asked for (BENCH_PORT); by default every server finds free ports.
  const basePort = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined;
  let slots = 0;
  const portFor = () => (basePort === undefined ? undefined : basePort + 3 * slots++);
  const started = Date.now();
  const budgetMs = Number(process.env.BENCH_BUDGET_S || 1800) * 1000;
  log(buildIfNeeded(distDir));
  const executablePath = await findChromium();

  let defaultServer: Promise<BenchServer> | null = null;
  const results: ScenarioResult[] = [];
  try {
    for (const scenario of selected) {
      results.push(
        await runScenario(scenario, args.reps ?? scenario.reps ?? 5, {
          defaultServer: () =>
            (defaultServer ??= startServer(portFor(), distDir).then((s) => {
              log(`Server on ${s.url} (pid ${s.pid}).`);
              return s;
            })),
          extraServer: (env) => startServer(portFor(), distDir, env),
          launch: () => chromium.launch({ executablePath, args: CHROMIUM_ARGS }),
          overBudget: () => Date.now() - started > budgetMs,
        }),
      );
    }
  } finally {
    if (defaultServer) await (await (defaultServer as Promise<BenchServer>)).stop();
  }
  const seconds = (Date.now() - started) / 1000;
  printTable(results);
  log(`\nTotal ${seconds.toFixed(0)} s.`);
  const out = join(import.meta.dirname, 'results.json');
  writeFileSync(
    out,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        seconds,
        machine: {
          cpus: cpus().length,
          cpu: cpus()[0]?.model,
          memoryGb: Math.round(totalmem() / 2 ** 30),
          node: process.version,
          chromium: executablePath,
        },
        scenarios: results,
      },
      null,
      2,
    ) + '\n',
  );
  log(`Wrote ${out}`);
}

interface Resources {
  defaultServer(): Promise<BenchServer>;
  extraServer(env: ServerEnv): Promise<BenchServer>;
  launch(): Promise<Browser>;
  /** True once the whole run has used its time budget (BENCH_BUDGET_S, default 30 min). */
  overBudget(): boolean;
}

async function runScenario(
  scenario: Scenario,
  reps: number,
  resources: Resources,
): Promise<ScenarioResult> {
  const t0 = Date.now();
  log(`\n▶ ${scenario.name}: ${scenario.title} (${reps} reps)`);
  const extras = new Map<string, Promise<BenchServer>>();
  let browser: Promise<Browser> | null = null;
  const closeBrowser = async () => {
    const b = browser;
    browser = null;
    if (b) await (await b.catch(() => null))?.close().catch(() => {});
  };
  const values: Record<string, number[]> = {};
  for (const key of Object.keys(scenario.metrics)) values[key] = [];
  let status: ScenarioResult['status'] = 'ok';
  let message: string | undefined;
  let failures = 0;
  try {
    for (let rep = 0; rep < reps; rep++) {
      if (rep > 0 && resources.overBudget()) {
        message = `stopped after ${rep} of ${reps} reps: time budget (BENCH_BUDGET_S) used up`;
        log(`  ${message}`);
        break;
      }
      const own: Promise<BenchServer>[] = [];
      const ctx: BenchContext = {
        rep,
        reps,
        server: resources.defaultServer,
        serverWith: (env) => {
          const key = JSON.stringify(env);
          let s = extras.get(key);
          if (!s) {
            s = resources.extraServer(env);
            extras.set(key, s);
          }
          return s;
        },
        ownServer: (env) => {
          const s = resources.extraServer(env);
          own.push(s);
          return s;
        },
        browser: () => (browser ??= resources.launch()),
        freshPage: async () => {
          await closeBrowser();
          const b = await ctx.browser();
          const context = await b.newContext({ viewport: { width: 1280, height: 800 } });
          return { context, page: await context.newPage() };
        },
        log: (m) => log(`  ${m}`),
      };
      try {
        const got = await scenario.run(ctx);
        for (const key of Object.keys(scenario.metrics)) values[key]?.push(got[key] ?? NaN);
        log(
          `  rep ${rep + 1}: ` +
            Object.entries(got)
              .map(([k, v]) => `${k}=${formatNumber(v, scenario.metrics[k]?.floor)}`)
              .join(' '),
        );
        failures = 0;
      } catch (err) {
        if (err instanceof SkipScenario) {
          status = 'skipped';
          message = err.message;
          log(`  skipped: ${err.message}`);
          break;
        }
        message = err instanceof Error ? err.message.split('\n')[0] : String(err);
        log(`  rep ${rep + 1} failed: ${message}`);
        for (const key of Object.keys(scenario.metrics)) values[key]?.push(NaN);
        if (++failures >= 2) {
          status = 'failed';
          break;
        }
      } finally {
        for (const s of own) await (await s.catch(() => null))?.stop();
      }
    }
  } finally {
    await closeBrowser();
    for (const s of extras.values()) await (await s.catch(() => null))?.stop();
  }
  const metrics: Record<string, MetricResult> = {};
  for (const [key, spec] of Object.entries(scenario.metrics))
    metrics[key] = {
      label: spec.label,
      unit: spec.unit,
      target: spec.target ?? null,
      better: spec.better ?? 'lower',
      floor: spec.floor,
      values: values[key] ?? [],
      ...summarize(values[key] ?? []),
    };
  return {
    name: scenario.name,
    title: scenario.title,
    reps,
    status,
    message,
    seconds: (Date.now() - t0) / 1000,
    metrics,
  };
}

function printTable(results: ScenarioResult[]): void {
  const rows: string[][] = [];
  const notes: string[] = [];
  for (const r of results) {
    if (r.status === 'skipped') {
      notes.push(`${r.name}: skipped, ${r.message}`);
      continue;
    }
    if (r.status === 'failed') notes.push(`${r.name}: failed, ${r.message}`);
    else if (r.message) notes.push(`${r.name}: ${r.message}`);
    for (const m of Object.values(r.metrics)) {
      const spec: MetricSpec = { ...m, target: m.target ?? undefined };
      rows.push([
        r.name,
        `${m.label} (${m.unit})`,
        formatNumber(m.min, m.floor),
        formatNumber(m.median, m.floor),
        formatNumber(m.max, m.floor),
        m.target === null ? '' : `${m.better === 'higher' ? '≥' : '≤'} ${formatNumber(m.target)}`,
        verdict(spec, m.median),
        `${m.n}/${r.reps}`,
      ]);
    }
  }
  console.log(
    '\n' + renderTable(['scenario', 'metric', 'min', 'median', 'max', 'target', '', 'n'], rows),
  );
  if (notes.length) console.log('\n' + notes.map((n) => `- ${n}`).join('\n'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
