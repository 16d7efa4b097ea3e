import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { afterNextPaint } from '../../../../shared/lib/schedule.ts';
import { commandById, type CommandTarget } from '../../commands/command-table.ts';
import { matchesKey } from '../../commands/keys.ts';
import type { OpenRequest } from '../../collections/saved-panel.tsx';
import { PaletteList } from './palette-list.tsx';
import { rankItems, snapshotsOf } from './rank.ts';
import { usePaletteItems } from './use-palette-items.ts';
import './palette.css';

export interface CommandPaletteProps {
  /** What the commands act on (the page's, as the keys and buttons use). */
  target: CommandTarget;
  /** Opens an operation in a new tab (saved operations, recipes, history). */
  onOpen(request: OpenRequest): void;
  /** The palette closed (Escape, a click outside, or an item ran): unmount it. */
  onClose(): void;
}

const PALETTE_KEYS = commandById('palette').keys;
/** How far PageUp and PageDown move. */
const PAGE = 10;

/**
 * Dialog "Command palette": a combobox over every command of the table and the saved
 * operations, Diagnostics recipes, history, Docs types and fields and connection profiles,
 * fuzzy-ranked and grouped by kind (rank.ts). The ARIA combobox pattern: focus stays in the
 * input and `aria-activedescendant` names the active option. Arrows (wrapping), Home/End and
 * PageUp/PageDown move, Enter or a click runs, Escape closes; on close focus returns to where it
 * was, and only then the item runs (a command that moves focus, such as Rename tab, keeps it).
 * Mounted when opened, so its search starts empty each time.
 */
export function CommandPalette({ target, onOpen, onClose }: CommandPaletteProps) {
  const items = usePaletteItems(target, onOpen);
  const [query, setQuery] = useState('');
  // The item the keys or the pointer chose, for the query it was chosen in.
  const [chosen, setChosen] = useState<{ query: string; id: string }>();
  const groups = useMemo(() => rankItems(items, query), [items, query]);
  const flat = useMemo(() => groups.flatMap((g) => g.items.map((r) => r.item)), [groups]);
  const ref = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [opener] = useState(() => document.activeElement);
  const closed = useRef(false);
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-o${i}`;
  const n = flat.length;
  const enabled = (i: number) => i >= 0 && i < n && !flat[i]!.disabled;
  const chosenIndex = chosen?.query === query ? flat.findIndex((i) => i.id === chosen.id) : -1;
  const current = enabled(chosenIndex) ? chosenIndex : flat.findIndex((i) => !i.disabled);
  const choose = (index: number) => index >= 0 && setChosen({ query, id: flat[index]!.id });

  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    inputRef.current?.focus();
  }, []);
  useEffect(() => {
    // Ranking's preparation after the palette's first paint, not on the first key.
    return afterNextPaint(() => snapshotsOf(items));
  }, [items]);
  useEffect(() => {
    if (current >= 0)
      document.getElementById(optionId(current))?.scrollIntoView({ block: 'nearest' });
    // optionId is derived from id, stable for the dialog's life; a new query scrolls too.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current, query]);

  /** Closes once: the dialog, focus back to the opener, the page's state; then runs `then`. */
  function finish(then?: () => void) {
    if (closed.current) return;
    closed.current = true;
    if (ref.current?.open) ref.current.close();
    if (opener instanceof HTMLElement && opener.isConnected) opener.focus({ preventScroll: true });
    onClose();
    then?.();
  }

  /** The next enabled option from `from` in `dir`, wrapping around the list. */
  function cycle(from: number, dir: 1 | -1): number {
    for (let k = 1; k <= n; k++) {
      const i = (((from + dir * k) % n) + n) % n;
      if (enabled(i)) return i;
    }
    return current;
  }
  /** The enabled option nearest `to` (clamped to the list), looking in `dir` first. */
  function towards(to: number, dir: 1 | -1): number {
    const start = Math.max(0, Math.min(n - 1, to));
    for (let i = start; i >= 0 && i < n; i += dir) if (enabled(i)) return i;
    for (let i = start - dir; i >= 0 && i < n; i -= dir) if (enabled(i)) return i;
    return current;
  }
  const moves: Record<string, () => number> = {
    ArrowDown: () => cycle(current, 1),
    ArrowUp: () => cycle(current, -1),
    Home: () => towards(0, 1),
    End: () => towards(n - 1, -1),
    PageDown: () => towards(current + PAGE, 1),
    PageUp: () => towards(current - PAGE, -1),
  };

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    const move = moves[e.key];
    if (move && !e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey) {
      e.preventDefault();
      choose(move());
    } else if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
      e.preventDefault();
      if (current >= 0) finish(flat[current]!.run);
    } else if (PALETTE_KEYS.some((k) => matchesKey(e.nativeEvent, k))) {
      e.preventDefault(); // open already (Ctrl-K would focus the browser's search box)
    }
  }

  return (
    <dialog
      ref={ref}
      className="command-palette"
      aria-label="Command palette"
      onClose={() => finish()}
      // Keys typed here are the palette's: not the page's commands (usePageShortcuts).
      onKeyDown={(e) => e.stopPropagation()}
      // A click on the backdrop (the dialog element itself, outside its box) closes it.
      onClick={(e) => e.target === e.currentTarget && finish()}
    >
      <input
        className="palette-input"
        type="text"
        role="combobox"
        aria-label="Command or search"
        placeholder="Type a command, operation, Docs type or field, profile…"
        aria-expanded={flat.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={current >= 0 ? optionId(current) : undefined}
        autoComplete="off"
        spellCheck={false}
        ref={inputRef}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <PaletteList
        id={listId}
        groups={groups}
        active={current}
        optionId={optionId}
        onHover={choose}
        onPick={(i) => finish(flat[i]!.run)}
      />
      <footer className="palette-footer">
        <span role="status">
          {n === 0
            ? `Nothing matches “${query.trim()}”.`
            : `${n} ${n === 1 ? 'result' : 'results'}`}
        </span>
        <span aria-hidden="true">
          <kbd>↑</kbd> <kbd>↓</kbd> move · <kbd>Enter</kbd> run · <kbd>Esc</kbd> close
        </span>
      </footer>
    </dialog>
  );
}
