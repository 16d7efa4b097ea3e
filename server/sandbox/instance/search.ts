/**
 * Search over the generated files, computed from the query text (a small subset of the real
 * query syntax): `count:N`, `repo:`, `-repo:`, `file:`, `lang:`, `type:file|repo|commit`,
 * `case:yes`, `patternType:`, and the remaining words as the pattern.
 *
 * Big responses on demand: `count:N` is honoured up to {@link MAX_COUNT}; every file contains
 * `func` somewhere in most languages, so `count:12000 func` and `count:60000 func` produce
 * ~10 MB and ~50 MB responses with the FileMatch selection in README.md.
 */
import {
  COMMITS_PER_REPO,
  FILES_PER_REPO,
  REPOS,
  generateCommit,
  generateFile,
  linePool,
  type CommitRecord,
  type FileRecord,
  type RepoRecord,
} from './data.ts';

const DEFAULT_COUNT = 30;
const MAX_COUNT = 100_000;

export interface LineMatch {
  preview: string;
  lineNumber: number;
  offsetAndLengths: number[][];
}

export type SearchItem =
  | { kind: 'file'; file: FileRecord; lineMatches: LineMatch[] }
  | { kind: 'repo'; repo: RepoRecord }
  | { kind: 'commit'; commit: CommitRecord; ranges: number[][] };

export interface SearchOutcome {
  items: SearchItem[];
  matchCount: number;
  limitHit: boolean;
  alert?: { title: string; description: string; kind: string };
  elapsedMilliseconds: number;
}

interface ParsedQuery {
  count: number;
  pattern: string;
  repo: RegExp[];
  notRepo: RegExp[];
  file: RegExp[];
  lang?: string;
  type?: string;
  caseSensitive: boolean;
  regexp: boolean;
  problem?: string;
}

/** Rejects regexps with quantified groups (catastrophic backtracking); JS has no regexp timeout. */
function safeRegExp(source: string, flags: string): RegExp | string {
  if (source.length > 300) return 'pattern longer than 300 characters';
  if (/\([^)]*[+*}][^)]*\)\s*[+*{]/.test(source))
    return 'nested quantifiers such as (a+)+ are not supported by the sandbox';
  try {
    return new RegExp(source, flags);
  } catch (err) {
    return (err as Error).message;
  }
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function parseQuery(query: string, patternType: string | null, version: string): ParsedQuery {
  const p: ParsedQuery = {
    count: DEFAULT_COUNT,
    pattern: '',
    repo: [],
    notRepo: [],
    file: [],
    caseSensitive: false,
    regexp: patternType === 'regexp' || (patternType === null && version === 'V1'),
  };
  const words: string[] = [];
  const filters: [string, string][] = [];
  for (const tok of query.split(/\s+/).filter(Boolean)) {
    const [, key, value] = /^(-?[a-zA-Z]+):(.*)$/.exec(tok) ?? [];
    if (key !== undefined && value !== undefined) filters.push([key.toLowerCase(), value]);
    else words.push(tok);
  }
  for (const [key, value] of filters) {
    if (key === 'patterntype') p.regexp = value === 'regexp';
    if (key === 'case') p.caseSensitive = value === 'yes';
  }
  for (const [key, value] of filters) {
    if (key === 'count') {
      const n = value === 'all' ? MAX_COUNT : Number(value);
      if (!Number.isInteger(n) || n < 1)
        p.problem = `invalid count:${value}; use a positive integer`;
      else p.count = Math.min(n, MAX_COUNT);
    } else if (key === 'repo' || key === '-repo' || key === 'file') {
      const re = safeRegExp(value, 'i');
      if (typeof re === 'string') p.problem = `invalid ${key}: regexp: ${re}`;
      else (key === 'repo' ? p.repo : key === 'file' ? p.file : p.notRepo).push(re);
    } else if (key === 'lang' || key === 'language') {
      p.lang = value.toLowerCase();
    } else if (key === 'type') {
      p.type = value;
    } else if (key !== 'patterntype' && key !== 'case') {
      words.push(`${key}:${value}`);
    }
  }
  p.pattern = words.join(' ');
  return p;
}

function matcher(p: ParsedQuery): RegExp | string | null {
  if (!p.pattern) return null;
  const flags = 'g' + (p.caseSensitive ? '' : 'i');
  return p.regexp ? safeRegExp(p.pattern, flags) : new RegExp(escapeRegExp(p.pattern), flags);
}

function rangesIn(line: string, re: RegExp): number[][] | null {
  re.lastIndex = 0;
  let ranges: number[][] | null = null;
  for (let m = re.exec(line); m; m = re.exec(line)) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    (ranges ??= []).push([m.index, m[0].length]);
  }
  return ranges;
}

/** Matches per pool line, computed once per search and language. */
type PoolMatches = Map<string, (number[][] | null | undefined)[]>;

/** The matches of each line of a file that is not made of pool lines (README.md). */
function textLineMatches(file: FileRecord, re: RegExp): LineMatch[] {
  const out: LineMatch[] = [];
  file.content.split('\n').forEach((line, i) => {
    const ranges = rangesIn(line, re);
    if (ranges) out.push({ preview: line, lineNumber: i, offsetAndLengths: ranges });
  });
  return out;
}

/**
 * A file that matched, made of pool lines: its line matches are listed from the pool lines'
 * matches each time they are read instead of being kept, so the objects of a 60,000-result
 * search live only while one result is serialized (they were ~300,000 objects kept to the end,
 * most of the garbage collector's work on a big search).
 */
class PooledFileHit {
  readonly kind = 'file';
  constructor(
    readonly file: FileRecord & { lineIds: Uint8Array },
    private readonly known: readonly (number[][] | null | undefined)[],
  ) {}

  get lineMatches(): LineMatch[] {
    const pool = linePool(this.file.repo.language);
    const out: LineMatch[] = [];
    const ids = this.file.lineIds;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i] as number;
      const ranges = this.known[id];
      if (ranges)
        out.push({ preview: pool[id] as string, lineNumber: i, offsetAndLengths: ranges });
    }
    return out;
  }
}

/**
 * Matches `re` against a pooled file's lines (each pool line once per search, in `cache`);
 * returns the number of matched ranges.
 */
function countPooledMatches(
  file: FileRecord & { lineIds: Uint8Array },
  re: RegExp,
  cache: PoolMatches,
): { known: (number[][] | null | undefined)[]; count: number } {
  const lang = file.repo.language;
  const pool = linePool(lang);
  let known = cache.get(lang);
  if (!known) cache.set(lang, (known = []));
  let count = 0;
  for (const id of file.lineIds) {
    let ranges = known[id];
    if (ranges === undefined) known[id] = ranges = rangesIn(pool[id] as string, re);
    if (ranges) count += ranges.length;
  }
  return { known, count };
}

function repoAllowed(p: ParsedQuery, repo: RepoRecord): boolean {
  if (p.lang && repo.language.toLowerCase() !== p.lang) return false;
  if (p.repo.some((re) => !re.test(repo.name))) return false;
  if (p.notRepo.some((re) => re.test(repo.name))) return false;
  return true;
}

/** Runs a search; results are generated on the fly and stop at `count` (+1 to know limitHit). */
export function runSearch(
  query: string,
  patternType: string | null,
  version: string,
): SearchOutcome {
  const started = Date.now();
  const p = parseQuery(query, patternType, version);
  const re = matcher(p);
  const done = (items: SearchItem[], matchCount: number, limitHit: boolean): SearchOutcome => ({
    items,
    matchCount,
    limitHit,
    elapsedMilliseconds: Date.now() - started,
  });
  if (p.problem || typeof re === 'string') {
    const description = p.problem ?? `invalid regexp: ${re as string}`;
    return {
      ...done([], 0, false),
      alert: { title: 'Unable to run this search', description, kind: 'query-error' },
    };
  }
  const items: SearchItem[] = [];
  const poolMatches: PoolMatches = new Map();
  let matchCount = 0;
  const type = p.type ?? 'any';
  if (type === 'repo' || (type === 'any' && re)) {
    for (const repo of REPOS) {
      if (!repoAllowed(p, repo)) continue;
      if (re) {
        re.lastIndex = 0;
        if (!re.test(repo.name)) continue;
      }
      if (items.length === p.count) return done(items, matchCount, true);
      items.push({ kind: 'repo', repo });
      matchCount++;
    }
  }
  if (type === 'commit') {
    for (let c = 0; c < COMMITS_PER_REPO; c++) {
      for (const repo of REPOS) {
        if (!repoAllowed(p, repo)) continue;
        const commit = generateCommit(repo, c);
        const ranges: number[][] = [];
        if (re) {
          re.lastIndex = 0;
          for (let m = re.exec(commit.message); m && m[0].length; m = re.exec(commit.message))
            ranges.push([m.index, m[0].length]);
          if (ranges.length === 0) continue;
        }
        if (items.length === p.count) return done(items, matchCount, true);
        items.push({ kind: 'commit', commit, ranges });
        matchCount += Math.max(1, ranges.length);
      }
    }
  }
  if (type === 'file' || type === 'any' || type === 'path') {
    // File index outermost, so results spread over repositories like a real ranked search.
    for (let f = 0; f < FILES_PER_REPO; f++) {
      for (const repo of REPOS) {
        if (!repoAllowed(p, repo)) continue;
        const file = generateFile(repo, f);
        if (p.file.length && !p.file.every((fr) => fr.test(file.path))) continue;
        if (!re) {
          if (items.length === p.count) return done(items, matchCount, true);
          items.push({ kind: 'file', file, lineMatches: [] });
          matchCount++;
          continue;
        }
        let item: SearchItem;
        let count: number;
        if (file.lineIds) {
          const pooled = file as FileRecord & { lineIds: Uint8Array };
          const m = countPooledMatches(pooled, re, poolMatches);
          count = m.count;
          item = new PooledFileHit(pooled, m.known);
        } else {
          const lm = textLineMatches(file, re);
          count = lm.reduce((n, l) => n + l.offsetAndLengths.length, 0);
          item = { kind: 'file', file, lineMatches: lm };
        }
        if (count === 0) continue;
        if (items.length === p.count) return done(items, matchCount, true);
        items.push(item);
        matchCount += count;
      }
    }
  }
  return done(items, matchCount, false);
}
