import { describe, expect, it } from 'vitest';
import {
  COMMANDS,
  type Command,
  type CommandTarget,
  type Panel,
} from '../../commands/command-table.ts';
import { displayKeys } from '../../commands/keys.ts';
import { commandItems } from './command-items.ts';

/** A target whose actions record their names, with the state given. */
function recording(state: { running?: boolean; closed?: number; open?: Panel[] } = {}) {
  const called: string[] = [];
  const target = new Proxy({} as CommandTarget, {
    get: (_, name) => {
      if (name === 'running') return () => state.running ?? false;
      if (name === 'closedTabs') return () => state.closed ?? 0;
      if (name === 'panelOpen') return (p: Panel) => (state.open ?? []).includes(p);
      return (...args: unknown[]) => called.push([String(name), ...args.map(String)].join(' '));
    },
  });
  return { called, target };
}

describe('commandItems', () => {
  it('lists every command of the table but the palette itself, in table order', () => {
    const items = commandItems(recording().target);
    const expected = COMMANDS.filter((c) => c.id !== 'palette').map((c) => `command:${c.id}`);
    expect(items.map((i) => i.id)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(20);
    expect(items.every((i) => i.kind === 'command')).toBe(true);
  });

  it('names a command by its button, else its label, and always searches its label', () => {
    for (const item of commandItems(recording().target)) {
      const c = COMMANDS.find((x) => `command:${x.id}` === item.id)!;
      expect(item.title).toBe(c.button ?? c.label);
      expect([item.title, item.keywords]).toContain(c.label);
    }
    const curl = commandItems(recording().target).find((i) => i.id === 'command:copy-as-curl')!;
    expect(curl).toMatchObject({ title: 'Copy as curl', detail: curl.keywords });
  });

  it('shows each command’s keys as the Shortcuts dialog spells them, tab keys marked', () => {
    const byId = new Map(commandItems(recording().target).map((i) => [i.id, i]));
    for (const c of COMMANDS.filter((x) => x.id !== 'palette')) {
      const keys = byId.get(`command:${c.id}`)!.keys;
      if (!c.keys.length) expect(keys).toBeUndefined();
      else expect(keys).toContain(displayKeys(c.keys));
    }
    expect(byId.get('command:run')!.keys).toBe('Ctrl/Cmd-Enter');
    expect(byId.get('command:close-tab')!.keys).toBe('Delete on a tab');
  });

  it('runs the command on the target', () => {
    const { called, target } = recording();
    const byId = new Map(commandItems(target).map((i) => [i.id, i]));
    byId.get('command:copy-as-curl')!.run();
    byId.get('command:toggle-docs')!.run();
    byId.get('command:previous-tab')!.run();
    expect(called).toEqual(['copyAsCurl', 'togglePanel docs', 'cycleTab -1']);
  });

  it('disables what cannot run now: Stop while idle, Run while running, Reopen with nothing closed', () => {
    const disabled = (state: Parameters<typeof recording>[0]) =>
      commandItems(recording(state).target)
        .filter((i) => i.disabled)
        .map((i) => i.id);
    expect(disabled({ running: false, closed: 0 })).toEqual(['command:stop', 'command:reopen-tab']);
    expect(disabled({ running: true, closed: 1 })).toEqual(['command:run']);
  });

  it('disables a command whose `when` is false for the target, and only then', () => {
    let allowed = false;
    const table: Command[] = [
      { id: 'a', label: 'A thing', keys: ['Shift-Ctrl-a'], run: () => {}, when: () => allowed },
      { id: 'b', label: 'B thing', keys: [], run: () => {} },
    ];
    const { target } = recording();
    expect(commandItems(target, table).map((i) => [i.id, i.disabled])).toEqual([
      ['command:a', true],
      ['command:b', undefined],
    ]);
    allowed = true;
    expect(commandItems(target, table)[0]!.disabled).toBeUndefined();
  });
});
