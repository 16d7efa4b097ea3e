/** A key in CodeMirror notation (`Shift-Ctrl-p`), split into its modifiers and its key name. */
interface ParsedKey {
  key: string;
  mod: boolean;
  ctrl: boolean;
  shift: boolean;
  alt: boolean;
  meta: boolean;
}

function parseKey(notation: string): ParsedKey {
  const parts = notation.split(/-(?!$)/);
  const key = parts.pop() ?? '';
  const has = (m: string) => parts.includes(m);
  return {
    key,
    mod: has('Mod'),
    ctrl: has('Ctrl'),
    shift: has('Shift'),
    alt: has('Alt'),
    meta: has('Meta') || has('Cmd'),
  };
}

/** One spelling per key (modifiers in a fixed order, the key name case-folded): for comparing. */
export function normalizeKey(notation: string): string {
  const k = parseKey(notation);
  const mods = [
    k.mod && 'Mod',
    k.ctrl && 'Ctrl',
    k.meta && 'Meta',
    k.alt && 'Alt',
    k.shift && 'Shift',
  ];
  return [...mods.filter(Boolean), k.key.length === 1 ? k.key.toLowerCase() : k.key].join('-');
}

/**
 * Whether a keydown event is this key. `Mod` accepts Ctrl or Cmd (as the page always has), and
 * letters match whatever Shift does to `event.key`.
 */
export function matchesKey(e: KeyboardEvent, notation: string): boolean {
  const k = parseKey(notation);
  const name = k.key.length === 1 ? k.key.toLowerCase() : k.key;
  const pressed = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (pressed !== name || e.shiftKey !== k.shift || e.altKey !== k.alt) return false;
  if (k.mod) return (e.ctrlKey || e.metaKey) && !(k.ctrl && !e.ctrlKey);
  return e.ctrlKey === k.ctrl && e.metaKey === k.meta;
}

/** How the Shortcuts dialog and button titles spell a key: `Mod-Enter` → `Ctrl/Cmd-Enter`. */
function displayKey(notation: string): string {
  const k = parseKey(notation);
  const mods = [
    k.shift && 'Shift',
    k.mod && 'Ctrl/Cmd',
    k.ctrl && 'Ctrl',
    k.meta && 'Cmd',
    k.alt && 'Alt',
  ];
  return [...mods.filter(Boolean), k.key.length === 1 ? k.key.toUpperCase() : k.key].join('-');
}

/** All of a command's keys for people: `Shift-Ctrl-P or Shift-Ctrl-F`. */
export function displayKeys(keys: readonly string[]): string {
  return keys.map(displayKey).join(' or ');
}
