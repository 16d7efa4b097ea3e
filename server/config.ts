import { reportScaleProblem } from './sandbox/analytics/data.ts';
import { userCountProblem } from './sandbox/instance/user-population.ts';

/** Server configuration from the environment and command-line flags (flags win). */
export interface ServerConfig {
  port: number;
  host: string;
  /** Default instance URL offered to the app; the sandbox's when unset. */
  baseUrl?: string;
  /** Default analytics URL offered to the app; the sandbox's when unset. */
  analyticsUrl?: string;
  sandbox: boolean;
  /**
   * Port of the sandbox instance; the analytics sandbox takes the next one. 0 (the default when
   * `port` is 0): each takes a free port.
   */
  sandboxPort: number;
  /** An SDL file to serve with generated data instead of the built-in schema slice. */
  sandboxSchema?: string;
  /** A JSON file with site configuration (`rateLimits`, `auth.public`). */
  sandboxSiteConfig?: string;
  /** Size of the generated analytics reports (see server/sandbox/analytics); unset = default. */
  sandboxReportScale?: number;
  /** Users of the sandbox instance; unset = the seeded ones. */
  sandboxUsers?: number;
  /** Serve the sandbox instance in public mode (anonymous requests allowed). */
  sandboxPublic: boolean;
  /** Directory with the built app. */
  distDir: string;
}

const FLAG_TO_ENV: Record<string, string> = {
  '--port': 'PORT',
  '--host': 'HOST',
  '--base-url': 'BASE_URL',
  '--analytics-url': 'ANALYTICS_URL',
  '--sandbox': 'SANDBOX',
  '--sandbox-port': 'SANDBOX_PORT',
  '--sandbox-schema': 'SANDBOX_SCHEMA',
  '--sandbox-site-config': 'SANDBOX_SITE_CONFIG',
  '--sandbox-report-scale': 'SANDBOX_REPORT_SCALE',
  '--sandbox-users': 'SANDBOX_USERS',
  '--sandbox-public': 'SANDBOX_PUBLIC',
  '--dist': 'DIST_DIR',
};

/** Reads `--flag value` / `--flag=value` pairs into the same names as the environment. */
export function parseFlags(argv: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === undefined) continue;
    const eq = arg.indexOf('=');
    const flag = eq === -1 ? arg : arg.slice(0, eq);
    const env = FLAG_TO_ENV[flag];
    if (!env) {
      if (arg === '--help' || arg === '-h') out.HELP = '1';
      else
        throw new Error(
          `Unknown flag ${flag}. Known flags: ${Object.keys(FLAG_TO_ENV).join(', ')}`,
        );
      continue;
    }
    if (eq !== -1) out[env] = arg.slice(eq + 1);
    else {
      const next = argv[i + 1];
      if (next !== undefined && !next.startsWith('--')) {
        out[env] = next;
        i++;
      } else out[env] = 'on';
    }
  }
  return out;
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

function boolFrom(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['off', 'false', '0', 'no'].includes(value.toLowerCase());
}

export function readConfig(
  env: Record<string, string | undefined>,
  argv: readonly string[] = [],
  defaults: { distDir: string },
): ServerConfig {
  const all = { ...env, ...parseFlags(argv) };
  const port = intFrom(all.PORT, 4173, 'PORT');
  const reportScale = all.SANDBOX_REPORT_SCALE
    ? intFrom(all.SANDBOX_REPORT_SCALE, 0, 'SANDBOX_REPORT_SCALE')
    : undefined;
  const scaleProblem = reportScale === undefined ? null : reportScaleProblem(reportScale);
  if (scaleProblem) throw new Error(scaleProblem);
  const users = all.SANDBOX_USERS ? intFrom(all.SANDBOX_USERS, 0, 'SANDBOX_USERS') : undefined;
  const usersProblem = users === undefined ? null : userCountProblem(users);
  if (usersProblem) throw new Error(usersProblem);
  return {
    port,
    host: all.HOST || '127.0.0.1',
    baseUrl: all.BASE_URL || undefined,
    analyticsUrl: all.ANALYTICS_URL || undefined,
    sandbox: boolFrom(all.SANDBOX, true),
    // PORT+1 and PORT+2 (DESIGN.md); with PORT=0 (any free port) the sandbox takes free ones too.
    sandboxPort: intFrom(all.SANDBOX_PORT, port === 0 ? 0 : port + 1, 'SANDBOX_PORT'),
    sandboxSchema: all.SANDBOX_SCHEMA || undefined,
    sandboxSiteConfig: all.SANDBOX_SITE_CONFIG || undefined,
    sandboxReportScale: reportScale,
    sandboxUsers: users,
    sandboxPublic: boolFrom(all.SANDBOX_PUBLIC, false),
    distDir: all.DIST_DIR || defaults.distDir,
  };
}
