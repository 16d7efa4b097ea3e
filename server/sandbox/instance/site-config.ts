/**
 * The sandbox's site configuration: a JSONC file (SANDBOX_SITE_CONFIG) like a real instance's,
 * of which the sandbox reads `rateLimits`, `auth.public`, `corsOrigin`, `externalURL` and
 * `experimentalFeatures.rateLimitAnonymous`.
 */
import { readFileSync } from 'node:fs';
import { DEFAULT_COST_LIMITS, type CostLimits } from '../../../src/shared/contracts/cost-limits.ts';

export interface SiteConfig {
  /** The text served as `site { configuration { effectiveContents } }`. */
  text: string;
  limits: CostLimits;
  authPublic: boolean;
  corsOrigin: string[];
  externalURL?: string;
  /** Anonymous requests per hour (experimentalFeatures.rateLimitAnonymous); unset = no limit. */
  rateLimitAnonymous?: number;
}

/** Removes `//` and `/* *\/` comments and trailing commas, leaving strings intact. */
function stripJsonc(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 1;
    } else {
      out += c;
    }
  }
  return out.replace(/,(\s*[}\]])/g, '$1');
}

function defaultText(baseUrl: string, publicMode: boolean): string {
  const l = DEFAULT_COST_LIMITS;
  return `{
  // The sandbox's site configuration. Start the server with SANDBOX_SITE_CONFIG=<file.json>
  // to replace it (rateLimits, auth.public, corsOrigin, experimentalFeatures.rateLimitAnonymous).
  "externalURL": ${JSON.stringify(baseUrl)},
  "auth.public": ${publicMode},
  "rateLimits": {
    "graphQLMaxAliases": ${l.graphQLMaxAliases},
    "graphQLMaxDepth": ${l.graphQLMaxDepth},
    "graphQLMaxDuplicateFieldCount": ${l.graphQLMaxDuplicateFieldCount},
    "graphQLMaxFieldCount": ${l.graphQLMaxFieldCount},
    "graphQLMaxUniqueFieldCount": ${l.graphQLMaxUniqueFieldCount}
  }
}
`;
}

function intOr(value: unknown, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new Error(
      `site config: rateLimits.${name} must be a number, got ${JSON.stringify(value)}`,
    );
  return value;
}

/** Reads the site config file (or builds the default one); throws a clear error when invalid. */
export function loadSiteConfig(
  path: string | undefined,
  baseUrl: string,
  publicMode: boolean,
): SiteConfig {
  const text = path ? readFileSync(path, 'utf8') : defaultText(baseUrl, publicMode);
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(stripJsonc(text)) as Record<string, unknown>;
  } catch (err) {
    throw new Error(
      `site config ${path ?? '(default)'} is not valid JSON(C): ${(err as Error).message}`,
    );
  }
  if (!json || typeof json !== 'object' || Array.isArray(json))
    throw new Error(`site config ${path} must be a JSON object`);
  const rl = (json.rateLimits ?? {}) as Record<string, unknown>;
  const d = DEFAULT_COST_LIMITS;
  const limits: CostLimits = {
    graphQLMaxAliases: intOr(rl.graphQLMaxAliases, d.graphQLMaxAliases, 'graphQLMaxAliases'),
    graphQLMaxDepth: intOr(rl.graphQLMaxDepth, d.graphQLMaxDepth, 'graphQLMaxDepth'),
    graphQLMaxFieldCount: intOr(
      rl.graphQLMaxFieldCount,
      d.graphQLMaxFieldCount,
      'graphQLMaxFieldCount',
    ),
    graphQLMaxDuplicateFieldCount: intOr(
      rl.graphQLMaxDuplicateFieldCount,
      d.graphQLMaxDuplicateFieldCount,
      'graphQLMaxDuplicateFieldCount',
    ),
    graphQLMaxUniqueFieldCount: intOr(
      rl.graphQLMaxUniqueFieldCount,
      d.graphQLMaxUniqueFieldCount,
      'graphQLMaxUniqueFieldCount',
    ),
  };
  const ef = (json.experimentalFeatures ?? {}) as Record<string, unknown>;
  const rate = ef.rateLimitAnonymous;
  return {
    text,
    limits,
    authPublic: publicMode || json['auth.public'] === true,
    corsOrigin:
      typeof json.corsOrigin === 'string' ? json.corsOrigin.split(/\s+/).filter(Boolean) : [],
    externalURL: typeof json.externalURL === 'string' ? json.externalURL : undefined,
    rateLimitAnonymous: typeof rate === 'number' && rate > 0 ? rate : undefined,
  };
}

/** Token bucket for anonymous requests: `perHour`, burst 20% (at least 1). */
export class AnonymousLimiter {
  private tokens: number;
  private last: number;
  private readonly burst: number;

  constructor(
    private perHour: number,
    private now: () => number = Date.now,
  ) {
    this.burst = Math.max(1, Math.floor(perHour * 0.2));
    this.tokens = this.burst;
    this.last = now();
  }

  /** Takes one request; returns 0 when allowed, else the seconds to wait (Retry-After). */
  take(): number {
    const t = this.now();
    const rate = this.perHour / 3600_000;
    this.tokens = Math.min(this.burst, this.tokens + (t - this.last) * rate);
    this.last = t;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - this.tokens) / rate / 1000));
  }
}
