import { describe, expect, it } from 'vitest';
import {
  COMMANDS,
  KEY_SCOPES,
  commandById,
  commandForKey,
  commandsWithButtons,
  scopeOf,
  shortcutRows,
  type CommandTarget,
  type Panel,
} from './command-table.ts';
import { displayKeys, matchesKey, normalizeKey } from './keys.ts';

function keydown(init: KeyboardEventInit): KeyboardEvent {
  return {
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    altKey: false,
    ...init,
  } as KeyboardEvent;
}

describe('console command table', () => {
  it('binds every key to one command only in each scope', () => {
    const seen = new Map<string, string>();
    const clashes: string[] = [];
    for (const c of COMMANDS)
      for (const key of c.keys) {
        const k = `${scopeOf(c)} ${normalizeKey(key)}`;
        const other = seen.get(k);
        if (other) clashes.push(`${key}: ${other} and ${c.id}`);
        seen.set(k, c.id);
      }
    expect(clashes).toEqual([]);
  });

  it('has unique ids and button texts', () => {
    const ids = COMMANDS.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    const buttons = COMMANDS.flatMap((c) => (c.button ? [c.button] : []));
    expect(new Set(buttons).size).toBe(buttons.length);
  });

  it('spells keys for people as GraphiQL does', () => {
    expect(displayKeys(['Shift-Ctrl-p', 'Shift-Ctrl-f'])).toBe('Shift-Ctrl-P or Shift-Ctrl-F');
    expect(displayKeys(['Mod-Enter'])).toBe('Ctrl/Cmd-Enter');
    expect(displayKeys(['Alt-PageDown'])).toBe('Alt-PageDown');
  });

  it('treats a differently spelled key as the same key', () => {
    expect(normalizeKey('Ctrl-Shift-P')).toBe(normalizeKey('Shift-Ctrl-p'));
    expect(normalizeKey('Mod-k')).not.toBe(normalizeKey('Ctrl-k'));
  });

  it('matches key events: Mod is Ctrl or Cmd, other modifiers must be exact', () => {
    expect(matchesKey(keydown({ key: 'Enter', metaKey: true }), 'Mod-Enter')).toBe(true);
    expect(matchesKey(keydown({ key: 'Enter', ctrlKey: true }), 'Mod-Enter')).toBe(true);
    expect(matchesKey(keydown({ key: 'Enter', ctrlKey: true, shiftKey: true }), 'Mod-Enter')).toBe(
      false,
    );
    expect(matchesKey(keydown({ key: 'P', ctrlKey: true, shiftKey: true }), 'Shift-Ctrl-p')).toBe(
      true,
    );
    expect(matchesKey(keydown({ key: 'P', metaKey: true, shiftKey: true }), 'Shift-Ctrl-p')).toBe(
      false,
    );
    expect(matchesKey(keydown({ key: 'PageDown', altKey: true }), 'Alt-PageDown')).toBe(true);
    expect(matchesKey(keydown({ key: 'k' }), 'Mod-k')).toBe(false);
  });

  it('runs Save on Ctrl/Cmd-S and Reopen closed tab on Shift-Ctrl-T', () => {
    const called: string[] = [];
    const target = new Proxy({} as CommandTarget, {
      get: (_, name) => () => called.push(String(name)),
    });
    const press = (init: KeyboardEventInit) => {
      const e = keydown(init);
      const c = COMMANDS.find((x) => x.keys.some((k) => matchesKey(e, k)));
      c?.run(target);
      return c && displayKeys(c.keys);
    };
    expect(press({ key: 's', ctrlKey: true })).toBe('Ctrl/Cmd-S');
    expect(press({ key: 's', metaKey: true })).toBe('Ctrl/Cmd-S');
    expect(press({ key: 'T', ctrlKey: true, shiftKey: true })).toBe('Shift-Ctrl-T');
    expect(called).toEqual(['save', 'save', 'reopenTab']);
  });

  it('opens the command palette with Ctrl/Cmd-K or F1, anywhere on the page', () => {
    const opened: string[] = [];
    const target = new Proxy({} as CommandTarget, {
      get: (_, name) => () => opened.push(String(name)),
    });
    for (const e of [
      keydown({ key: 'k', ctrlKey: true }),
      keydown({ key: 'k', metaKey: true }),
      keydown({ key: 'F1' }),
    ])
      commandForKey(e, 'console')?.run(target);
    expect(opened).toEqual(['openPalette', 'openPalette', 'openPalette']);
    expect(commandById('palette')).toMatchObject({
      label: 'Command palette',
      keys: ['Mod-k', 'F1'],
    });
    // Search the schema Docs gave Ctrl/Cmd-K to the palette.
    expect(commandForKey(keydown({ key: 'D', ctrlKey: true, shiftKey: true }), 'console')?.id).toBe(
      'search-docs',
    );
  });

  it('copies as curl, src, fetch, Python and Go from the table, as items of the Copy as… menu', () => {
    const called: string[] = [];
    const target = new Proxy({} as CommandTarget, {
      get: (_, name) => () => called.push(String(name)),
    });
    const exportButtons = commandsWithButtons('copy-as');
    expect(exportButtons.map((c) => c.button)).toEqual([
      'Copy as curl',
      'Copy as src command',
      'Copy as fetch (JavaScript)',
      'Copy as Python requests',
      'Copy as Go net/http',
    ]);
    for (const c of exportButtons) c.run(target);
    expect(called).toEqual(['copyAsCurl', 'copyAsSrc', 'copyAsFetch', 'copyAsPython', 'copyAsGo']);
    // Each button sits in one place only.
    const toolbar = commandsWithButtons('editor').map((c) => c.id);
    expect(toolbar).not.toContain('copy-as-curl');
    expect(commandsWithButtons('editor').map((c) => c.button)).toEqual([
      'Prettify',
      'Merge fragments',
      'Fill all fields',
      'Copy query',
      'Save operation',
      'Export all pages',
    ]);
  });

  it('lists every command in the Shortcuts dialog, keyless ones by their button', () => {
    const rows = shortcutRows();
    for (const c of COMMANDS) expect(rows.map((r) => r.label)).toContain(c.label);
    expect(rows.find((r) => r.id === 'copy-as-curl')).toMatchObject({
      keys: '“Copy as curl” in the “Copy as…” menu',
    });
    expect(rows.find((r) => r.id === 'run')).toMatchObject({ keys: 'Ctrl/Cmd-Enter' });
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
  });

  /** A target whose actions record their names and whose state is `state`. */
  function recording(state: { running?: boolean; open?: Panel[]; closed?: number } = {}) {
    const called: string[] = [];
    const target: CommandTarget = new Proxy({} as CommandTarget, {
      get: (_, name) => {
        if (name === 'running') return () => state.running ?? false;
        if (name === 'panelOpen') return (p: Panel) => (state.open ?? []).includes(p);
        if (name === 'closedTabs') return () => state.closed ?? 0;
        return (...args: unknown[]) => called.push([String(name), ...args.map(String)].join(' '));
      },
    });
    return { called, target };
  }

  it('has the panel toggles as entries whose buttons show their pressed state', () => {
    const { called, target } = recording({ open: ['docs', 'saved'] });
    const rail = commandsWithButtons('rail');
    expect(rail.map((c) => c.button)).toEqual([
      'Docs',
      'History',
      'Saved operations',
      'Shortcuts',
      'Settings',
    ]);
    const pressed = (id: string) => commandById(id).pressed?.(target);
    expect(pressed('toggle-history')).toBe(false);
    expect(pressed('toggle-docs')).toBe(true);
    expect(pressed('toggle-saved')).toBe(true);
    // Shortcuts opens a dialog: not a toggle.
    expect(commandById('shortcuts').pressed).toBeUndefined();
    expect(commandById('shortcuts').opensDialog).toBe(true);
    for (const id of ['toggle-history', 'toggle-docs', 'toggle-saved', 'shortcuts', 'settings'])
      commandById(id).run(target);
    expect(called).toEqual([
      'togglePanel history',
      'togglePanel docs',
      'togglePanel saved',
      'openShortcuts',
      'openSettings',
    ]);
  });

  it('shows Run query or Stop by whether a request is running', () => {
    const idle = recording({ running: false });
    const busy = recording({ running: true });
    const run = commandsWithButtons('run');
    expect(run.map((c) => c.button)).toEqual(['Run query', 'Stop']);
    const shown = (t: CommandTarget) =>
      run.filter((c) => !c.shown || c.shown(t)).map((c) => c.button);
    expect(shown(idle.target)).toEqual(['Run query']);
    expect(shown(busy.target)).toEqual(['Stop']);
    commandById('stop').run(busy.target);
    expect(busy.called).toEqual(['stop']);
  });

  it('has the tab bar button and its menu as entries; Reopen closed tab shows once a tab was closed', () => {
    const none = recording({ closed: 0 });
    const some = recording({ closed: 2 });
    const tabs = [...commandsWithButtons('tabs'), ...commandsWithButtons('tab-actions')];
    expect(commandsWithButtons('tabs').map((c) => c.button)).toEqual(['New tab']);
    expect(commandsWithButtons('tab-actions').map((c) => c.button)).toEqual([
      'Rename tab',
      'Close tab',
      'Reopen closed tab',
    ]);
    const reopen = commandById('reopen-tab');
    expect(reopen.shown?.(none.target)).toBe(false);
    expect(reopen.shown?.(some.target)).toBe(true);
    for (const c of tabs) c.run(some.target);
    expect(some.called).toEqual(['newTab', 'renameTab', 'closeTab', 'reopenTab']);
  });

  it('lists the toggles, Stop and the tab buttons in the Shortcuts dialog', () => {
    const rows = shortcutRows();
    const keys = (id: string) => rows.find((r) => r.id === id)?.keys;
    expect(keys('toggle-docs')).toBe('“Docs” button');
    expect(keys('toggle-history')).toBe('“History” button');
    expect(keys('toggle-saved')).toBe('“Saved operations” button');
    expect(keys('stop')).toBe('“Stop” button');
    expect(keys('new-tab')).toBe('“New tab” button');
    expect(keys('close-tab')).toBe('Delete');
    expect(keys('reopen-tab')).toBe('Shift-Ctrl-T');
  });

  it('owns the tab list keys: F2, Delete and the arrows work on a tab only', () => {
    const { called, target } = recording();
    const onTab = (key: string) => commandForKey(keydown({ key }), 'tab-list');
    expect(onTab('F2')?.id).toBe('rename-tab');
    expect(onTab('Delete')?.id).toBe('close-tab');
    expect(onTab('ArrowRight')?.id).toBe('focus-next-tab');
    expect(onTab('ArrowLeft')?.id).toBe('focus-previous-tab');
    for (const key of ['F2', 'Delete', 'ArrowRight', 'ArrowLeft']) {
      onTab(key)?.run(target);
      // In an editor or elsewhere on the page these keys stay the browser's or the editor's.
      expect(commandForKey(keydown({ key }), 'console')).toBeUndefined();
    }
    expect(called).toEqual(['renameTab', 'closeTab', 'cycleTab 1', 'cycleTab -1']);
    // The console's keys are not the tab list's (the page binds them for every focus).
    expect(commandForKey(keydown({ key: 'PageDown', altKey: true }), 'tab-list')).toBeUndefined();
    expect(commandForKey(keydown({ key: 'PageDown', altKey: true }), 'console')?.id).toBe(
      'next-tab',
    );
  });

  it('lists the tab list keys in the Shortcuts dialog under their own scope', () => {
    expect(KEY_SCOPES.map((s) => s.title)).toEqual([
      'In the console',
      'On a tab (the tab list has focus)',
    ]);
    const onTab = shortcutRows().filter((r) => r.scope === 'tab-list');
    expect(onTab.map((r) => [r.keys, r.label])).toEqual([
      ['F2', 'Rename the current tab'],
      ['Delete', 'Close the current tab'],
      ['ArrowRight', 'Focus the next tab'],
      ['ArrowLeft', 'Focus the previous tab'],
    ]);
    // Nothing is listed twice: the tab list's keys are no longer hand-written rows.
    const console = shortcutRows().filter((r) => r.scope === 'console');
    expect(console.map((r) => r.keys)).not.toContain('F2');
    expect(console.map((r) => r.label).join(' ')).not.toMatch(/on a tab/);
  });
});
