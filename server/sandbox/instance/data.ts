/**
 * Deterministic seeded data for the sandbox instance: users, repositories, and files whose
 * contents are generated lazily from (repository, file index), so a search can walk tens of
 * thousands of files without storing any of them.
 */

import { hash32 as hash, prng } from '../seeded.ts';

export { hash, prng };

export function pick<T>(rand: () => number, list: readonly T[]): T {
  const v = list[Math.floor(rand() * list.length)];
  if (v === undefined) throw new Error('Sandbox data: picked from an empty list.');
  return v;
}

function hex(rand: () => number, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += Math.floor(rand() * 16).toString(16);
  return s;
}

export interface UserRecord {
  index: number;
  username: string;
  displayName: string;
  email: string;
  siteAdmin: boolean;
  createdAt: string;
}

export interface RepoRecord {
  index: number;
  name: string;
  description: string;
  language: string;
  stars: number;
  isFork: boolean;
  isArchived: boolean;
  isPrivate: boolean;
  createdAt: string;
  updatedAt: string;
  headOid: string;
}

export interface FileRecord {
  repo: RepoRecord;
  index: number;
  path: string;
  /** Indexes into {@link linePool} of the repository's language; null for README.md. */
  lineIds: Uint8Array | null;
  /** The file's text (for generated files, joined from the pool lines when read). */
  readonly content: string;
}

export interface CommitRecord {
  repo: RepoRecord;
  index: number;
  oid: string;
  message: string;
  authorIndex: number;
  date: string;
}

/** Users seeded at start; SANDBOX_USERS grows the list past them (user-population.ts). */
export const USER_COUNT = 320;
const REPO_COUNT = 400;
/** Files per repository (generated on demand): 400 × 200 = 80,000 files in all. */
export const FILES_PER_REPO = 200;
export const COMMITS_PER_REPO = 60;

export const FIRST = [
  'ada',
  'ben',
  'chen',
  'dana',
  'eli',
  'fatima',
  'gus',
  'hana',
  'ivan',
  'jo',
  'kai',
  'lea',
  'mo',
  'nia',
  'omar',
  'pia',
  'quinn',
  'rui',
  'sam',
  'tao',
  'uma',
  'vik',
  'wen',
  'xia',
  'yuki',
  'zoe',
];
export const LAST = [
  'smith',
  'garcia',
  'kim',
  'nguyen',
  'okafor',
  'rossi',
  'silva',
  'novak',
  'haddad',
  'berg',
  'tanaka',
  'ivanova',
  'dubois',
  'patel',
  'moreau',
  'kowalski',
];
/** Display names with non-ASCII characters, used for every seventh generated user. */
export const UNICODE_NAMES = [
  'Zoë Brontë',
  'José Núñez',
  'Björn Ångström',
  'Łukasz Żółć',
  'Søren Kierkegård',
  '渡辺 健',
  'Андрей Иванов',
  'Chloé Lefèvre',
  'Dvořák Antonín',
  'Özge Yılmaz',
  'محمد علي',
  '김민준',
];
const ORGS = [
  'acme',
  'sourcegraph-demo',
  'gorilla',
  'octo-org',
  'nimbus',
  'quartz-labs',
  'tidewater',
  'hexcore',
];
const WORDS = [
  'router',
  'mux',
  'cache',
  'auth',
  'search',
  'index',
  'parser',
  'lexer',
  'graph',
  'queue',
  'stream',
  'proxy',
  'vault',
  'ledger',
  'atlas',
  'beacon',
  'codec',
  'delta',
  'ember',
  'forge',
];
const UNICODE_REPOS = ['café-ui', 'naïve-bayes', 'smørrebrød', 'über-cli', '日本語-tools'];
const LANGS = ['Go', 'TypeScript', 'Python', 'Rust', 'Java'] as const;
const EXT: Record<string, string> = {
  Go: 'go',
  TypeScript: 'ts',
  Python: 'py',
  Rust: 'rs',
  Java: 'java',
};
const DIRS = ['cmd', 'internal', 'pkg', 'src', 'lib', 'api', 'util', 'server', 'client', 'core'];

export function date(rand: () => number, fromYear: number): string {
  const start = Date.UTC(fromYear, 0, 1);
  const span = Date.UTC(2026, 0, 1) - start;
  return new Date(start + Math.floor((rand() * span) / 1000) * 1000).toISOString();
}

function buildUsers(): UserRecord[] {
  const rand = prng(20240601);
  const fixed: [string, string, boolean][] = [
    ['admin', 'Site Admin', true],
    ['alice', 'Alice Émilie Martin', false],
    ['bob', 'Bob Okafor', false],
    ['carol', 'Carol Nguyễn', false],
  ];
  const users: UserRecord[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < USER_COUNT; i++) {
    let username: string;
    let displayName: string;
    let siteAdmin = false;
    const preset = fixed[i];
    if (preset) {
      [username, displayName, siteAdmin] = preset;
    } else {
      const f = pick(rand, FIRST);
      const l = pick(rand, LAST);
      username = `${f}.${l}`;
      for (let n = 2; seen.has(username); n++) username = `${f}.${l}${n}`;
      displayName =
        (i % 7 === 0 ? UNICODE_NAMES[(i / 7) % UNICODE_NAMES.length] : undefined) ??
        `${capital(f)} ${capital(l)}`;
      siteAdmin = i % 53 === 0;
    }
    seen.add(username);
    users.push({
      index: i,
      username,
      displayName,
      email: `${username}@example.com`,
      siteAdmin,
      createdAt: date(rand, 2018),
    });
  }
  return users;
}

function buildRepos(): RepoRecord[] {
  const rand = prng(19700101);
  const repos: RepoRecord[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < REPO_COUNT; i++) {
    const org = pick(rand, ORGS);
    let base =
      i % 80 === 7
        ? UNICODE_REPOS[(i - 7) / 80]
        : `${pick(rand, WORDS)}${rand() < 0.5 ? '-' + pick(rand, WORDS) : ''}`;
    const host = i % 9 === 0 ? 'gitlab.com' : 'github.com';
    let name = `${host}/${org}/${base}`;
    for (let n = 2; seen.has(name); n++) name = `${host}/${org}/${base}-${n}`;
    base = name;
    seen.add(name);
    const language = pick(rand, LANGS);
    const created = date(rand, 2012);
    repos.push({
      index: i,
      name,
      description:
        i % 11 === 0
          ? `Bibliothèque ${language} pour ${pick(rand, WORDS)} — données déterministes`
          : `A ${language} ${pick(rand, WORDS)} for ${pick(rand, WORDS)} workloads`,
      language,
      stars: Math.floor(rand() * rand() * 40000),
      isFork: rand() < 0.1,
      isArchived: rand() < 0.05,
      isPrivate: rand() < 0.2,
      createdAt: created,
      updatedAt: date(rand, 2024),
      headOid: hex(rand, 40),
    });
  }
  return repos;
}

export const USERS: readonly UserRecord[] = buildUsers();
export const REPOS: readonly RepoRecord[] = buildRepos();
const USERS_BY_NAME = new Map(USERS.map((u) => [u.username, u]));
const REPOS_BY_NAME = new Map(REPOS.map((r) => [r.name, r]));

/**
 * Makes the user list `count` long (never shorter than the seeded {@link USER_COUNT}): users
 * from `make(index)` are added after the seeded ones, or the added ones dropped. The list and
 * the by-name index change in place, so every reader sees the same users.
 */
export function resizeUsers(count: number, make: (index: number) => UserRecord): void {
  const users = USERS as UserRecord[];
  for (const u of users.splice(Math.max(count, USER_COUNT))) USERS_BY_NAME.delete(u.username);
  for (let i = users.length; i < count; i++) {
    const u = make(i);
    users.push(u);
    USERS_BY_NAME.set(u.username, u);
  }
}

export function userByName(name: string): UserRecord | undefined {
  return USERS_BY_NAME.get(name);
}

export function repoByName(name: string): RepoRecord | undefined {
  return REPOS_BY_NAME.get(name);
}

const IDENTS = [
  'handler',
  'request',
  'config',
  'value',
  'result',
  'buffer',
  'client',
  'session',
  'token',
  'index',
  'count',
  'router',
  'cache',
  'entry',
  'query',
  'matcher',
];

const TEMPLATES: Record<string, readonly string[]> = {
  Go: [
    'func (s *Server) {A}({B} string) error {',
    'func new{C}({B} int) *{C} {',
    '\treturn {B}, nil',
    '\tif err != nil {',
    '\t\treturn fmt.Errorf("{A}: %w", err)',
    '\t}',
    '\t{B} := make(map[string]int)',
    '\tfor _, {B} := range {A}s {',
    '// {C} wraps the {B} func used by the {A}.',
    '}',
    'type {C} struct{ {B} string }',
  ],
  TypeScript: [
    'export function {A}({B}: string): {C} {',
    'const {B} = await fetch{C}({A});',
    '  return {B};',
    '}',
    'export interface {C} { {B}: number }',
    'if (!{B}) throw new Error("{A} failed");',
    '// {C}: funcs that keep the {B} warm',
    'const {A} = ({B}: {C}) => {B}.{A};',
    'import type { {C} } from "./{A}";',
  ],
  Python: [
    'def {A}({B}):',
    '    return {B}',
    'class {C}:',
    '    def __init__(self, {B}):',
    '        self.{B} = {B}',
    '# {C} func helpers for {A}',
    'if {B} is None:',
    '    raise ValueError("{A} needs {B}")',
    'import {A}',
  ],
  Rust: [
    'pub fn {A}({B}: &str) -> Result<{C}, Error> {',
    '    let {B} = {A}()?;',
    '    Ok({B})',
    '}',
    'impl {C} {',
    '// {C}: func table for {A}',
    'pub struct {C} { {B}: u32 }',
    'use crate::{A};',
  ],
  Java: [
    'public {C} {A}(String {B}) {',
    '    return {B};',
    '}',
    'private final {C} {B};',
    '// {C} func bridge for {A}',
    'import com.example.{A}.{C};',
    'if ({B} == null) throw new IllegalStateException("{A}");',
  ],
};

export function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Path of file `index` in `repo`; cheap, deterministic. */
export function filePath(repo: RepoRecord, index: number): string {
  const rand = prng(hash(repo.name) ^ (index * 2654435761));
  const dir = DIRS[index % DIRS.length];
  const name = `${pick(rand, IDENTS)}_${pick(rand, IDENTS)}${index}`;
  return index === 0 ? 'README.md' : `${dir}/${name}.${EXT[repo.language]}`;
}

const POOL_SIZE = 256;
const linePools = new Map<string, string[]>();

/**
 * The lines files of one language are made of: {@link POOL_SIZE} lines rendered once from the
 * language's templates. Files pick lines from the pool, so generating 60,000 files is cheap and a
 * search matches each pool line once (see search.ts).
 */
export function linePool(language: string): string[] {
  let pool = linePools.get(language);
  if (!pool) {
    const rand = prng(hash(language));
    const templates = TEMPLATES[language];
    if (!templates) throw new Error(`Sandbox data: no line templates for ${language}.`);
    pool = [];
    for (let i = 0; i < POOL_SIZE; i++) {
      const a = pick(rand, IDENTS);
      const b = pick(rand, IDENTS);
      const c = capital(pick(rand, IDENTS));
      pool.push(
        pick(rand, templates).replaceAll('{A}', a).replaceAll('{B}', b).replaceAll('{C}', c),
      );
    }
    linePools.set(language, pool);
  }
  return pool;
}

/**
 * A generated file: its lines are pool lines (`lineIds`), and its text is joined from them only
 * when asked for, so a search that serializes pool lines directly (fast-results.ts) never builds
 * the ~0.5 KB of every file it walks.
 */
class PooledFile implements FileRecord {
  constructor(
    readonly repo: RepoRecord,
    readonly index: number,
    readonly path: string,
    readonly lineIds: Uint8Array,
  ) {}

  get content(): string {
    const pool = linePool(this.repo.language);
    let content = '';
    for (const id of this.lineIds) content += pool[id] + '\n';
    return content;
  }
}

/** Generates file `index` of `repo` (8–20 lines, ~0.5 KB); `lineIds` index its language's pool. */
export function generateFile(repo: RepoRecord, index: number): FileRecord {
  const path = filePath(repo, index);
  if (index === 0) {
    return {
      repo,
      index,
      path,
      lineIds: null,
      content: `# ${repo.name}\n\n${repo.description}\n\nBuild with \`make\`; see cmd/ for the entry points.\n`,
    };
  }
  const rand = prng(hash(path) ^ hash(repo.name));
  const n = 8 + Math.floor(rand() * 13);
  const lineIds = new Uint8Array(n);
  for (let i = 0; i < n; i++) lineIds[i] = Math.floor(rand() * POOL_SIZE);
  return new PooledFile(repo, index, path, lineIds);
}

/** Looks a file up by path (linear over the repository's file paths; 200 at most). */
export function fileByPath(repo: RepoRecord, path: string): FileRecord | undefined {
  for (let i = 0; i < FILES_PER_REPO; i++) {
    if (filePath(repo, i) === path) return generateFile(repo, i);
  }
  return undefined;
}

const VERBS = ['Fix', 'Add', 'Remove', 'Refactor', 'Speed up', 'Document', 'Test', 'Rename'];

/** Commit `index` (0 = HEAD) of `repo`. */
export function generateCommit(repo: RepoRecord, index: number): CommitRecord {
  const rand = prng(hash(repo.name) ^ (index * 40503 + 7));
  const oid = index === 0 ? repo.headOid : hex(rand, 40);
  return {
    repo,
    index,
    oid,
    message: `${pick(rand, VERBS)} ${pick(rand, IDENTS)} ${pick(rand, IDENTS)} handling\n\nTouches the ${pick(rand, IDENTS)} func and its tests.`,
    authorIndex: Math.floor(rand() * USER_COUNT),
    date: new Date(Date.parse(repo.updatedAt) - index * 86_400_000 * (1 + rand())).toISOString(),
  };
}
