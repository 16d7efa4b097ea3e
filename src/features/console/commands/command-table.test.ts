import { describe, expect, it } from 'vitest';
import {
  COMMANDS,
  commandsWithButtons,
  shortcutRows,
  type CommandTarget,
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
  it('binds every key to one command only', () => {
    const seen = new Map<string, string>();
    const clashes: string[] = [];
    for (const c of COMMANDS)
      for (const key of c.keys) {
        const k = normalizeKey(key);
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

  it('copies as curl and as src from the table, with buttons in the Export group', () => {
    const called: string[] = [];
    const target = new Proxy({} as CommandTarget, {
      get: (_, name) => () => called.push(String(name)),
    });
    const exportButtons = commandsWithButtons('export');
    expect(exportButtons.map((c) => c.button)).toEqual(['Copy as curl', 'Copy as src command']);
    for (const c of exportButtons) c.run(target);
    expect(called).toEqual(['copyAsCurl', 'copyAsSrc']);
    // Each button sits in one place only.
    const toolbar = commandsWithButtons('toolbar').map((c) => c.id);
    expect(toolbar).not.toContain('copy-as-curl');
    expect(commandsWithButtons('saved').map((c) => c.button)).toEqual(['Save operation']);
  });

  it('lists every command in the Shortcuts dialog, keyless ones by their button', () => {
    const rows = shortcutRows();
    for (const c of COMMANDS) expect(rows.map((r) => r.label)).toContain(c.label);
    expect(rows.find((r) => r.id === 'copy-as-curl')).toMatchObject({
      keys: '“Copy as curl” button',
    });
    expect(rows.find((r) => r.id === 'run')).toMatchObject({ keys: 'Ctrl/Cmd-Enter' });
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
  });
});
