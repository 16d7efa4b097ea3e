/**
 * The report's users, one entry per distinct value of its user column, read in one pass over
 * the columnar store (in the report worker: a million rows cost one pass over their codes):
 * their username and email (the first non-blank cell of each), rows, whether they were active
 * and on which day last, and the clients and languages they were active with. Pure.
 *
 * Active is the rule of the key figures and retention (lib/active-rows.ts): a row marked `Active
 * Sourcegraph User`, or with a count above zero; a report with neither has every row count.
 */
import type { ColumnInfo } from '../../lib/column-roles.ts';
import { activityTest } from '../../lib/active-rows.ts';
import type { ColumnData, RowSource } from '../../lib/summarize.ts';
import type { ReportKey } from './match-users.ts';

interface ReportUser extends ReportKey {
  rows: number;
  active: boolean;
  /** The last date (as written, `YYYY-MM-DD` or `YYYY-MM`) with activity; '' when none or no dates. */
  lastActive: string;
  /** Indexes into {@link ReportUsers.clients} / `languages` the user was active with. */
  clients: number[];
  languages: number[];
}

export interface ReportUsers {
  users: ReportUser[];
  /** Distinct non-blank clients and languages of the report. */
  clients: string[];
  languages: string[];
  /** The report's first and last date with rows ('' without a date column). */
  from: string;
  to: string;
}

const ID_NAME = /^(instance )?user ?id$/i;
const USERNAME_NAME = /^user ?name$/i;
const EMAIL_NAME = /^(user )?e-?mail$/i;
/** A user × value table larger than this is not kept (adoption is left out). */
const MAX_PAIRS = 32 * 1024 * 1024;

const column = (source: RowSource, c: ColumnInfo | undefined): ColumnData | undefined =>
  c ? source.columns[c.index] : undefined;

/** Per dictionary code of `col`, its index among the distinct trimmed non-blank values (-1 for blank), and those values. */
function nonBlank(col: ColumnData | undefined): { index: Int32Array; values: string[] } {
  const seen = new Map<string, number>();
  const index = Int32Array.from(col?.dict ?? [], (v) => {
    const t = v.trim();
    if (t === '') return -1;
    let k = seen.get(t);
    if (k === undefined) seen.set(t, (k = seen.size));
    return k;
  });
  return { index, values: [...seen.keys()] };
}

/** The users of `source` (every row: pass a source without `rows` for the whole report). */
export function reportUsers(source: RowSource, cols: readonly ColumnInfo[]): ReportUsers | null {
  const userInfo = cols.find((c) => c.role === 'user');
  const userCol = column(source, userInfo);
  if (!userInfo || !userCol) return null;
  const find = (re: RegExp) => cols.find((c) => re.test(c.name.trim()));
  const idCol = column(source, find(ID_NAME));
  const nameCol = column(source, find(USERNAME_NAME));
  const emailCol = column(source, find(EMAIL_NAME));
  const dateCol = column(
    source,
    cols.find((c) => c.role === 'date'),
  );
  const clientCol = column(
    source,
    cols.find((c) => c.role === 'client'),
  );
  const langCol = column(
    source,
    cols.find((c) => c.role === 'language'),
  );
  const clients = nonBlank(clientCol);
  const langs = nonBlank(langCol);
  const clientCodes = clientCol?.codes;
  const langCodes = langCol?.codes;

  const isActive = activityTest(source, cols);

  // Dates ranked by their text (ISO dates sort as text), so the latest is a comparison of ranks.
  const dates = (dateCol?.dict ?? []).map((v) => v.trim().slice(0, 10));
  const order = dates.map((_, i) => i).sort((a, b) => (dates[a]! < dates[b]! ? -1 : 1));
  const dateRank = new Int32Array(dates.length);
  order.forEach((code, rank) => (dateRank[code] = dates[code] ? rank : -1));

  const U = userCol.dict.length;
  const blankUser = Uint8Array.from(userCol.dict, (v) => (v.trim() === '' ? 1 : 0));
  const rows = new Uint32Array(U);
  const active = new Uint8Array(U);
  const last = new Int32Array(U).fill(-1);
  const nameOf = new Int32Array(U).fill(-1);
  const emailOf = new Int32Array(U).fill(-1);
  const idOf = new Int32Array(U).fill(-1);
  const C = clients.values.length;
  const L = langs.values.length;
  const userClients = U * C <= MAX_PAIRS ? new Uint8Array(U * C) : null;
  const userLangs = U * L <= MAX_PAIRS ? new Uint8Array(U * L) : null;
  let firstRank = -1;
  let lastRank = -1;

  const n = source.rows ? source.rows.length : source.length;
  // Indexed loops throughout: this runs once per row of reports of millions of rows.
  for (let i = 0; i < n; i++) {
    const r = source.rows ? source.rows[i]! : i;
    const rank = dateCol ? dateRank[dateCol.codes[r]!]! : -1;
    if (rank >= 0) {
      if (firstRank < 0 || rank < firstRank) firstRank = rank;
      if (rank > lastRank) lastRank = rank;
    }
    const u = userCol.codes[r]!;
    if (blankUser[u]) continue;
    rows[u]!++;
    if (nameCol && nameOf[u] === -1 && nameCol.dict[nameCol.codes[r]!]!.trim())
      nameOf[u] = nameCol.codes[r]!;
    if (emailCol && emailOf[u] === -1 && emailCol.dict[emailCol.codes[r]!]!.trim())
      emailOf[u] = emailCol.codes[r]!;
    if (idCol && idOf[u] === -1) idOf[u] = idCol.codes[r]!;
    if (!isActive(r)) continue;
    active[u] = 1;
    if (rank > (last[u]! < 0 ? -1 : dateRank[last[u]!]!)) last[u] = dateCol!.codes[r]!;
    if (userClients && clientCodes) {
      const c = clients.index[clientCodes[r]!]!;
      if (c >= 0) userClients[u * C + c] = 1;
    }
    if (userLangs && langCodes) {
      const l = langs.index[langCodes[r]!]!;
      if (l >= 0) userLangs[u * L + l] = 1;
    }
  }

  const users: ReportUser[] = [];
  const cell = (col: ColumnData | undefined, code: number) =>
    col && code >= 0 ? col.dict[code]!.trim() : '';
  const picked = (flags: Uint8Array | null, u: number, width: number) => {
    const out: number[] = [];
    if (flags) for (let k = 0; k < width; k++) if (flags[u * width + k]) out.push(k);
    return out;
  };
  for (let u = 0; u < U; u++) {
    if (rows[u] === 0) continue;
    users.push({
      id: cell(idCol, idOf[u]!),
      username: cell(nameCol, nameOf[u]!),
      email: cell(emailCol, emailOf[u]!),
      rows: rows[u]!,
      active: active[u] === 1,
      lastActive: last[u]! >= 0 ? dates[last[u]!]! : '',
      clients: picked(userClients, u, C),
      languages: picked(userLangs, u, L),
    });
  }
  const dateAt = (rank: number) => (rank >= 0 ? dates[order[rank]!]! : '');
  return {
    users,
    clients: userClients ? clients.values : [],
    languages: userLangs ? langs.values : [],
    from: dateAt(firstRank),
    to: dateAt(lastRank),
  };
}
