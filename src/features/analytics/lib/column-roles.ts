/**
 * What each report column means for analysis, from its header and detected type: who (user),
 * what tool (client, language), when (date), a measure to add up, a rate to average, or an
 * identifier/flag/text that is never charted or formatted as a number. Pure.
 */
import type { ColumnType } from './csv-types.ts';
import type { RateParts } from './rates.ts';

export type ColumnRole =
  'user' | 'user-label' | 'client' | 'language' | 'date' | 'id' | 'measure' | 'rate' | 'text';

/** A column the report has, with its role. */
export interface ColumnInfo {
  index: number;
  name: string;
  type: ColumnType;
  role: ColumnRole;
  /** A measure that counts events (summed into "All events"). */
  event: boolean;
  /**
   * A rate whose numerator and denominator columns the report has (`lib/rates.ts`): over many
   * rows it is their sums' ratio. A rate without it is a mean of rows.
   */
  ratio?: RateParts;
}

const USER_ID = /^(instance )?user ?id$/i;
const USER_LABEL = /^(user ?(e-?mail|name)|username|e-?mail)$/i;
const CLIENT = /^client( name)?$/i;
const LANGUAGE = /^language$/i;
const DATE_NAME = /\b(date|month|day|timestamp)\b/i;
/** Identifier-like names: their numbers are labels, never quantities. */
const ID_NAME = /(\bid\b|\bids\b|identifier|\bzip\b|postal|\bphone\b|\buuid\b|ID$)/i;
const RATE_NAME = /(\brate\b|\bratio\b|percent|percentage|\bCAR\b|%)/i;
const EVENT_NAME = /\b(events?|searches|views|suggestions|acceptances)\b/i;

/** Roles of all columns; `leadingZeros[i]` is true when column i has a value like `007`. */
export function columnRoles(
  header: readonly string[],
  types: readonly ColumnType[],
  leadingZeros: readonly boolean[] = [],
): ColumnInfo[] {
  const out: ColumnInfo[] = [];
  let userTaken = false;
  header.forEach((name, index) => {
    const type = types[index] ?? 'text';
    const n = name.trim();
    let role: ColumnRole;
    if (USER_ID.test(n) && !userTaken) role = 'user';
    else if (USER_LABEL.test(n)) role = 'user-label';
    else if (CLIENT.test(n)) role = 'client';
    else if (LANGUAGE.test(n)) role = 'language';
    else if (type === 'date' || (DATE_NAME.test(n) && type !== 'number')) role = 'date';
    else if (type === 'number' && (ID_NAME.test(n) || leadingZeros[index])) role = 'id';
    else if (type === 'number' && RATE_NAME.test(n)) role = 'rate';
    else if (type === 'number') role = 'measure';
    else role = 'text';
    if (role === 'user') userTaken = true;
    out.push({ index, name, type, role, event: role === 'measure' && EVENT_NAME.test(n) });
  });
  // No user ID column: a username or email column identifies users instead.
  if (!userTaken) {
    const label = out.find((c) => c.role === 'user-label');
    if (label) label.role = 'user';
  }
  return out;
}

/** The first column with a role, if any. */
export function findRole(cols: readonly ColumnInfo[], role: ColumnRole): ColumnInfo | undefined {
  return cols.find((c) => c.role === role);
}

/** True when cells of this column are quantities (formatted as numbers, right-aligned). */
export function isQuantity(col: ColumnInfo | undefined): boolean {
  return col?.role === 'measure' || col?.role === 'rate';
}
