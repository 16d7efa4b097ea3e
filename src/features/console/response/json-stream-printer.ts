/**
 * Streaming form of pretty-json.ts: fed the body text piece by piece (any boundaries: inside a
 * string, an escape or a number), it emits the display text as it goes, so the first lines of a
 * 50 MB response can be shown while the rest is still arriving.
 *
 * For valid JSON the output equals `prettyJson(JSON.parse(text))` (same canonical strings and
 * numbers, same one-line rule for small flat containers), except that object members keep the
 * order and repetitions they arrived in (JSON.parse moves integer-like keys first and keeps the
 * last of duplicated keys). A container stays pending, in a small tree, only while it can still
 * be printed on one line (at most MAX_INLINE characters, bounded depth); the moment it cannot,
 * its opening and finished members are written and the rest streams.
 *
 * It validates strictly; after the first error `failed` is set and input is ignored (the caller
 * then classifies the whole body the old way, so messages stay exactly those of JSON.parse).
 * Besides the text it records what src/shared/api/classify-graphql.ts needs about a GraphQL response: whether the top
 * level is an object with `data` / `errors`, whether `data` is non-null, and the `errors` value.
 */
import type { JsonFacts } from '../../../shared/api/classify-graphql.ts';
import { MAX_INLINE } from '../../../shared/api/pretty-json.ts';

interface Item {
  /** Canonical JSON text of the member's key (objects only). */
  key: string | undefined;
  /** Canonical JSON text of a primitive, or a nested pending container. */
  value: string | Frame;
}

interface Frame {
  arr: boolean;
  /** What may come next. */
  state: 'first' | 'value' | 'key' | 'colon' | 'next';
  /** Still deciding between one line and expanded; `items` holds what arrived so far. */
  pending: boolean;
  items: Item[];
  /** Length of the one-line form if it closed now (only grows). */
  len: number;
  /** All children are primitives. */
  allPrim: boolean;
  /** Could be a member of a one-line container (pretty-json.ts's `flat`). */
  flatable: boolean;
  /** Could be printed on one line itself (pretty-json.ts's `inline`). */
  inlinable: boolean;
  /** The enclosing frame while both are pending. */
  parent: Frame | undefined;
  indent: string;
  /** `indent` plus one level: where an expanded container's members start. */
  inner: string;
  /** Characters before the container's first character on its line. */
  prefix: number;
  /** Expanded: members started. */
  count: number;
  /** A key read, waiting for its value. */
  key: string | undefined;
  /** Expanded: the line prefix for the value being read. */
  valuePrefix: number;
}

const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const CANONICAL_INT = /^(?:0|-?[1-9]\d{0,14})$/;
/**
 * A string token that may not be in JSON.stringify's form: an escape other than the short ones
 * (\u…, \/, or an invalid one), or a raw control character (invalid JSON).
 */
// eslint-disable-next-line no-control-regex
const NOT_CANONICAL = /\\[^"\\bfnrt]|[\u0000-\u001f]/;
/** The same for a string in a piece without control characters. */
const NOT_CANONICAL_ESCAPE = /\\[^"\\bfnrt]/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f]/;

/** Canonical text of the integers 0 to 1023, shared (line numbers, offsets, counts). */
const SMALL_INTS = Array.from({ length: 1024 }, (_, i) => String(i));

/**
 * The value of `s[from, to)` when it is a non-negative integer in canonical form of at most 15
 * digits, else -1.
 */
function smallInt(s: string, from: number, to: number): number {
  if (to - from > 15 || (s.charCodeAt(from) === 0x30 && to - from > 1)) return -1;
  let v = 0;
  for (let i = from; i < to; i++) {
    const d = s.charCodeAt(i) - 0x30;
    if (d < 0 || d > 9) return -1;
    v = v * 10 + d;
  }
  return v;
}

/**
 * Shared line texts by depth, each made once as a flat string: the indentation, and the lines
 * that close an expanded container (`},`) or open one in an array (`{`). Most lines of a big
 * response are such lines; line-codec.ts hashes the short ones, which for a flat string with its
 * hash remembered is cheap and for a string grown by `+=` means joining its parts first.
 */
const INDENTS: string[] = [];
/** Index: depth * 4 + (array 1) + (comma 2). */
const CLOSERS: string[] = [];
/** Index: depth * 2 + (array 1). */
const OPENERS: string[] = [];
/** Depths with shared line texts; deeper lines are concatenated (any depth must not cost more). */
const TABLE_DEPTH = 64;
for (let d = 0; d < TABLE_DEPTH; d++) {
  const indent = Array.from({ length: d }, () => '  ').join('');
  INDENTS.push(indent);
  for (const text of ['}', ']', '},', '],']) CLOSERS.push([indent, text].join(''));
  for (const text of ['{', '[']) OPENERS.push([indent, text].join(''));
}

/** The indentation one level deeper than `indent`. */
function deeper(indent: string): string {
  const depth = indent.length / 2 + 1;
  return depth < TABLE_DEPTH ? INDENTS[depth]! : indent + '  ';
}

function newFrame(arr: boolean, parent: Frame | undefined): Frame {
  return {
    arr,
    state: 'first',
    pending: true,
    items: [],
    len: 2,
    allPrim: true,
    flatable: true,
    inlinable: true,
    parent,
    indent: '',
    inner: '  ',
    prefix: 0,
    count: 0,
    key: undefined,
    valuePrefix: 0,
  };
}

function markNotFlatable(f: Frame): void {
  if (!f.flatable) return;
  f.flatable = false;
  if (f.parent) f.parent.inlinable = false;
}

function markNotAllPrim(f: Frame): void {
  if (!f.allPrim) return;
  f.allPrim = false;
  if (!f.arr) markNotFlatable(f);
  else if (f.parent?.arr) markNotFlatable(f.parent);
}

function grow(f: Frame | undefined, d: number): void {
  for (let n = f; n; n = n.parent) n.len += d;
}

function inlineText(f: Frame): string {
  const items = f.items;
  if (items.length === 0) return f.arr ? '[]' : '{}';
  let out = f.arr ? '[' : '{ ';
  for (let i = 0; i < items.length; i++) {
    const it = items[i]!;
    if (i > 0) out += ', ';
    if (it.key !== undefined) out += it.key + ': ';
    out += typeof it.value === 'string' ? it.value : inlineText(it.value);
  }
  return out + (f.arr ? ']' : ' }');
}

/** pretty-json.ts's `write` for a finished pending value. */
function writeValue(v: string | Frame, indent: string, prefix: number, out: string[]): void {
  if (typeof v === 'string') {
    out.push(v);
    return;
  }
  if (v.inlinable && prefix + v.len <= MAX_INLINE) {
    out.push(inlineText(v));
    return;
  }
  const inner = deeper(indent);
  out.push(v.arr ? '[\n' : '{\n');
  const items = v.items;
  for (let i = 0; i < items.length; i++) {
    const it = items[i]!;
    out.push(inner);
    let p = inner.length;
    if (it.key !== undefined) {
      out.push(it.key, ': ');
      p += it.key.length + 2;
    }
    writeValue(it.value, inner, p, out);
    out.push(i < items.length - 1 ? ',\n' : '\n');
  }
  out.push(indent + (v.arr ? ']' : '}'));
}

/** Rebuilds one JSON value from the printer's tokens (for the `errors` member). */
class ValueBuilder {
  key: string | undefined;
  result: unknown;
  private stack: { arr: boolean; value: unknown[] | Record<string, unknown> }[] = [];

  add(v: unknown): void {
    const top = this.stack.at(-1);
    if (!top) this.result = v;
    else if (top.arr) (top.value as unknown[]).push(v);
    // defineProperty, as JSON.parse does: a "__proto__" key stays an own member.
    else
      Object.defineProperty(top.value, this.key!, {
        value: v,
        writable: true,
        enumerable: true,
        configurable: true,
      });
  }

  open(arr: boolean): void {
    const value = arr ? [] : {};
    if (this.stack.length > 0) this.add(value);
    this.stack.push({ arr, value });
  }

  /** True when the outermost container closed. */
  close(): boolean {
    const done = this.stack.pop();
    if (this.stack.length > 0 || !done) return false;
    this.result = done.value;
    return true;
  }
}

export class JsonStreamPrinter {
  /** Set at the first syntax error; input after it is ignored. */
  failed = false;
  /** Whole lines printed and not taken yet. */
  private lines: string[] = [];
  /** The line being printed. */
  private line = '';
  /** The last closing line printed (CLOSERS), and its index. */
  private closer: string | undefined;
  private closerAt = 0;
  private stack: Frame[] = [];
  /** Index in `stack` of the outermost pending frame, or -1. */
  private pendingAt = -1;
  private rootDone = false;
  /** An unfinished token carried to the next piece: a number or literal, or string parts. */
  private carry = '';
  private strParts: string[] | undefined;
  /** The carried string part ends inside an escape. */
  private escapeNext = false;
  /**
   * The piece being read has no control characters (JSON sent without white space): its strings
   * need no check for them.
   */
  private controlFree = false;
  // GraphQL facts about the top-level object.
  private rootIsObject = false;
  private seenData = false;
  private seenErrors = false;
  private dataNull = false;
  /** Builds the `errors` value while it arrives (it is usually small). */
  private capture: ValueBuilder | undefined;
  private errorsValue: unknown;

  /** Feeds the next piece of the body. */
  write(piece: string): void {
    if (this.failed) return;
    let s = piece;
    let i = 0;
    // About the strings that end in this piece (a carried number or literal is no string).
    this.controlFree = !CONTROL.test(s);
    if (this.strParts) {
      i = this.continueString(s, 0, this.escapeNext ? 1 : 0);
      if (i < 0) return;
    } else if (this.carry) {
      s = this.carry + s;
      this.carry = '';
    }
    this.scan(s, i);
  }

  /** Ends the input; afterwards `failed` tells whether the whole body was valid JSON. */
  end(): void {
    if (this.failed) return;
    if (this.strParts) return this.fail();
    if (this.carry) {
      const c = this.carry;
      this.carry = '';
      this.atom(c, 0, c.length);
    }
    if (!this.rootDone) return this.fail();
    this.brk();
  }

  /**
   * The display text's whole lines printed since the last call (without line breaks); after
   * `end()`, the last line too.
   */
  takeLines(): string[] {
    const lines = this.lines;
    this.lines = [];
    return lines;
  }

  /** How many whole lines `takeLines` would return now. */
  get waitingLines(): number {
    return this.lines.length;
  }

  /** Valid once `end()` has run without failing. */
  facts(): JsonFacts {
    return {
      isGraphQL: this.rootIsObject && (this.seenData || this.seenErrors),
      hasData: this.seenData && !this.dataNull,
      rawErrors: Array.isArray(this.errorsValue) ? (this.errorsValue as unknown[]) : [],
    };
  }

  private fail(): void {
    this.failed = true;
    this.lines = [];
    this.line = '';
    this.stack = [];
    this.strParts = undefined;
    this.carry = '';
  }

  /** Adds printed text (which may hold line breaks). */
  private emit(s: string): void {
    let nl = s.indexOf('\n');
    if (nl === -1) {
      this.line += s;
      return;
    }
    let from = 0;
    while (nl !== -1) {
      this.lines.push(this.line + s.slice(from, nl));
      this.line = '';
      from = nl + 1;
      nl = s.indexOf('\n', from);
    }
    this.line = s.slice(from);
  }

  /** Ends an expanded container's member that is not its last. */
  private endMember(): void {
    const line = this.line;
    this.lines.push(line === this.closer ? CLOSERS[this.closerAt + 2]! : line + ',');
    this.line = '';
  }

  /** Ends the line being printed. */
  private brk(): void {
    this.lines.push(this.line);
    this.line = '';
  }

  private scan(s: string, from: number): void {
    const n = s.length;
    let i = from;
    while (i < n && !this.failed) {
      const c = s.charCodeAt(i);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) {
        i++;
      } else if (c === 0x22) {
        this.strParts = [];
        this.escapeNext = false;
        const end = this.continueString(s, i, i + 1);
        if (end < 0) return;
        i = end;
      } else if (c === 0x7b || c === 0x5b) {
        this.open(c === 0x5b);
        i++;
      } else if (c === 0x7d || c === 0x5d) {
        this.close(c === 0x5d);
        i++;
      } else if (c === 0x3a) {
        this.colon();
        i++;
      } else if (c === 0x2c) {
        this.comma();
        i++;
      } else {
        // A number or a literal: runs to the next delimiter.
        let j = i + 1;
        while (j < n) {
          const d = s.charCodeAt(j);
          if (
            d === 0x2c ||
            d === 0x5d ||
            d === 0x7d ||
            d === 0x20 ||
            d === 0x0a ||
            d === 0x0d ||
            d === 0x09 ||
            d === 0x3a ||
            d === 0x22 ||
            d === 0x5b ||
            d === 0x7b
          )
            break;
          j++;
        }
        if (j === n) {
          this.carry = s.slice(i);
          return;
        }
        this.atom(s, i, j);
        i = j;
      }
    }
  }

  /**
   * Reads string content of `s` from `scanFrom` (the string began at `start` in `s`, or in an
   * earlier piece). Returns the index after the closing quote, or -1 when `s` ended first.
   */
  private continueString(s: string, start: number, scanFrom: number): number {
    let j = scanFrom;
    for (;;) {
      const q = s.indexOf('"', j);
      if (q === -1) {
        this.strParts!.push(s.slice(start));
        let k = s.length - 1;
        while (k >= j && s.charCodeAt(k) === 0x5c) k--;
        this.escapeNext = (s.length - 1 - k) % 2 === 1;
        return -1;
      }
      let k = q - 1;
      while (k >= j && s.charCodeAt(k) === 0x5c) k--;
      if ((q - 1 - k) % 2 === 1) {
        j = q + 1;
        continue;
      }
      const parts = this.strParts!;
      this.strParts = undefined;
      if (parts.length === 0) this.string(s.slice(start, q + 1), this.controlFree);
      else this.string(parts.join('') + s.slice(0, q + 1), false);
      if (this.failed) return s.length;
      // A string that began in an earlier piece continues this scan at q + 1.
      if (parts.length > 0) {
        this.scan(s, q + 1);
        return -1;
      }
      return q + 1;
    }
  }

  /** `controlFree`: `raw` is known to hold no control characters. */
  private string(raw: string, controlFree: boolean): void {
    let canon = raw;
    if (
      controlFree
        ? raw.indexOf('\\') !== -1 && NOT_CANONICAL_ESCAPE.test(raw)
        : NOT_CANONICAL.test(raw)
    ) {
      try {
        canon = JSON.stringify(JSON.parse(raw) as string);
      } catch {
        return this.fail();
      }
    }
    const top = this.stack[this.stack.length - 1];
    if (top && !top.arr && (top.state === 'first' || top.state === 'key')) {
      top.key = canon;
      top.state = 'colon';
      if (!top.pending) {
        if (top.count > 0) this.endMember();
        this.line += top.inner + canon + ': ';
        top.count++;
        top.valuePrefix = top.inner.length + canon.length + 2;
      }
      if (this.capture) this.capture.key = JSON.parse(canon) as string;
      else if (this.stack.length === 1) this.rootKey(canon);
      return;
    }
    this.primitive(canon);
  }

  /** The number or literal `s[from, to)`. */
  private atom(s: string, from: number, to: number): void {
    const c = s.charCodeAt(from);
    // The common tokens are taken without a slice or a regex: small integers come from a table.
    if (c >= 0x30 && c <= 0x39) {
      const n = smallInt(s, from, to);
      if (n >= 0) return this.primitive(SMALL_INTS[n] ?? s.slice(from, to));
    } else if (c === 0x74 || c === 0x66 || c === 0x6e) {
      const len = to - from;
      if (len === 4 && s.startsWith('true', from)) return this.primitive('true');
      if (len === 4 && s.startsWith('null', from)) return this.primitive('null');
      if (len === 5 && s.startsWith('false', from)) return this.primitive('false');
    }
    const tok = s.slice(from, to);
    if (tok === 'true' || tok === 'false' || tok === 'null') return this.primitive(tok);
    if (!NUMBER.test(tok)) return this.fail();
    this.primitive(CANONICAL_INT.test(tok) ? tok : JSON.stringify(Number(tok)));
  }

  /** Before a value: checks the grammar; for an expanded parent writes the member's line start. */
  private beginValue(): Frame | undefined {
    const top = this.stack[this.stack.length - 1];
    if (!top) {
      if (this.rootDone) this.fail();
      return undefined;
    }
    if (top.arr ? top.state === 'first' || top.state === 'value' : top.state === 'value') {
      top.state = 'next';
      if (!top.pending && top.arr) {
        if (top.count > 0) this.endMember();
        this.line += top.inner;
        top.count++;
        top.valuePrefix = top.inner.length;
      }
      return top;
    }
    this.fail();
    return undefined;
  }

  private primitive(canon: string): void {
    const top = this.stack[this.stack.length - 1];
    if (this.stack.length === 1 && top && !top.arr && top.state === 'value') {
      if (top.key === '"data"') this.dataNull = canon === 'null';
      if (top.key === '"errors"') this.errorsValue = JSON.parse(canon);
    }
    const parent = this.beginValue();
    if (this.failed) return;
    if (!parent) {
      this.line += canon;
      this.rootDone = true;
      return;
    }
    this.capture?.add(JSON.parse(canon));
    if (!parent.pending) {
      parent.key = undefined;
      this.line += canon;
      return;
    }
    const key = parent.key;
    parent.key = undefined;
    parent.items.push({ key, value: canon });
    grow(
      parent,
      key === undefined
        ? parent.items.length === 1
          ? canon.length
          : canon.length + 2
        : key.length + 4 + canon.length,
    );
    this.settle();
  }

  private open(arr: boolean): void {
    const top = this.stack[this.stack.length - 1];
    if (this.stack.length === 1 && top && !top.arr && top.state === 'value') {
      if (top.key === '"data"') this.dataNull = false;
      if (top.key === '"errors"') this.capture = new ValueBuilder();
    }
    const parent = this.beginValue();
    if (this.failed) return;
    this.capture?.open(arr);
    if (!parent) {
      const f = newFrame(arr, undefined);
      this.rootIsObject = !arr;
      this.stack.push(f);
      this.pendingAt = 0;
      this.settle();
      return;
    }
    if (!parent.pending) {
      parent.key = undefined;
      const f = newFrame(arr, undefined);
      f.indent = parent.inner;
      f.inner = deeper(parent.inner);
      f.prefix = parent.valuePrefix;
      this.stack.push(f);
      this.pendingAt = this.stack.length - 1;
      this.settle();
      return;
    }
    const f = newFrame(arr, parent);
    const key = parent.key;
    parent.key = undefined;
    parent.items.push({ key, value: f });
    grow(parent, key === undefined ? (parent.items.length === 1 ? 2 : 4) : key.length + 6);
    markNotAllPrim(parent);
    if (!arr && parent.arr) markNotFlatable(parent);
    this.stack.push(f);
    this.settle();
  }

  private close(arr: boolean): void {
    const top = this.stack[this.stack.length - 1];
    if (!top || top.arr !== arr || (top.state !== 'first' && top.state !== 'next'))
      return this.fail();
    this.stack.pop();
    const at = this.stack.length;
    if (top.pending) {
      if (at === this.pendingAt) {
        this.line += inlineText(top);
        this.pendingAt = -1;
      }
    } else {
      // On a line of its own: after its last member, or after its opening line.
      if (top.count > 0) this.brk();
      const depth = top.indent.length / 2;
      if (depth < TABLE_DEPTH) {
        this.closerAt = depth * 4 + (arr ? 1 : 0);
        this.closer = this.line = CLOSERS[this.closerAt]!;
      } else {
        this.closer = undefined;
        this.line += top.indent + (arr ? ']' : '}');
      }
    }
    if (at === 0) this.rootDone = true;
    if (this.capture?.close()) {
      this.errorsValue = this.capture.result;
      this.capture = undefined;
    }
  }

  private colon(): void {
    const top = this.stack[this.stack.length - 1];
    if (!top || top.arr || top.state !== 'colon') return this.fail();
    top.state = 'value';
  }

  private comma(): void {
    const top = this.stack[this.stack.length - 1];
    if (!top || top.state !== 'next') return this.fail();
    top.state = top.arr ? 'value' : 'key';
  }

  private rootKey(key: string): void {
    if (key === '"data"') {
      this.seenData = true;
      this.dataNull = false;
    } else if (key === '"errors"') {
      this.seenErrors = true;
      this.errorsValue = undefined;
    }
  }

  /** Expands pending frames that can no longer be printed on one line. */
  private settle(): void {
    while (this.pendingAt >= 0) {
      const b = this.stack[this.pendingAt];
      if (!b) return;
      if (b.inlinable && b.prefix + b.len <= MAX_INLINE) return;
      this.expand(b);
    }
  }

  private expand(b: Frame): void {
    const inner = b.inner;
    const depth = b.indent.length / 2;
    if (this.line === b.indent && depth < TABLE_DEPTH)
      this.line = OPENERS[depth * 2 + (b.arr ? 1 : 0)]!;
    else this.line += b.arr ? '[' : '{';
    this.brk();
    b.pending = false;
    b.parent = undefined;
    const items = b.items;
    b.items = [];
    let next: Frame | undefined;
    for (let i = 0; i < items.length; i++) {
      const it = items[i]!;
      if (i > 0) this.endMember();
      let p = inner.length;
      this.line += inner;
      if (it.key !== undefined) {
        this.line += it.key + ': ';
        p += it.key.length + 2;
      }
      const v = it.value;
      if (typeof v === 'string') {
        this.line += v;
      } else if (v === this.stack[this.pendingAt + 1]) {
        // The member still arriving: it becomes the outermost pending frame.
        v.indent = inner;
        v.inner = deeper(inner);
        v.prefix = p;
        v.parent = undefined;
        next = v;
      } else {
        const out: string[] = [];
        writeValue(v, inner, p, out);
        this.emit(out.join(''));
      }
    }
    b.count = items.length;
    if (b.key !== undefined) {
      // A key read while pending, its value not yet begun.
      if (b.count > 0) this.endMember();
      this.line += inner + b.key + ': ';
      b.count++;
      b.valuePrefix = inner.length + b.key.length + 2;
      b.key = undefined;
    } else if (b.arr) b.valuePrefix = inner.length;
    this.pendingAt = next ? this.pendingAt + 1 : -1;
  }
}
