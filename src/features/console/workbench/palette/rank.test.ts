import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { COMMANDS, type CommandTarget } from '../../commands/command-table.ts';
import type { HistoryEntry } from '../../collections/history.ts';
import { historyItems, recipeItems, savedItems } from './collection-items.ts';
import { commandItems } from './command-items.ts';
import { docsItems } from './docs-items.ts';
import type { PaletteItem } from './palette-item.ts';
import { rankItems } from './rank.ts';

/** The real instance schema (test/fixtures/sourcegraph-schema/): ~2,300 types and fields. */
function realSchema() {
  const dir = join(import.meta.dirname, '../../../../../test/fixtures/sourcegraph-schema');
  const files = readdirSync(dir).filter((f) => f.endsWith('.graphql'));
  return buildSchema(files.map((f) => readFileSync(join(dir, f), 'utf8')).join('\n'));
}

const idle = new Proxy({} as CommandTarget, {
  get: (_, name) => (name === 'running' ? () => false : name === 'closedTabs' ? () => 1 : () => {}),
});
const history: HistoryEntry[] = Array.from({ length: 25 }, (_, i) => ({
  id: `h${i}`,
  at: i,
  query: `query Run${i} { currentUser { id } }`,
  variables: '',
  operationName: `Run${i}`,
}));
const docs = docsItems(realSchema(), () => {});
/** Everything a connected console with history and a saved operation lists. */
const all: PaletteItem[] = [
  ...commandItems(idle),
  ...savedItems(
    [
      {
        name: 'Mine',
        operations: [
          {
            id: 's1',
            name: 'Repositories by stars',
            query: '{ repositories { nodes { name } } }',
            variables: '',
            headers: '',
            savedAt: 0,
          },
        ],
      },
    ],
    () => {},
  ),
  ...recipeItems(() => {}),
  ...historyItems(history, () => {}),
  ...docs,
];

const titles = (query: string) =>
  rankItems(all, query).flatMap((g) => g.items.map((r) => r.item.title));

describe('rankItems', () => {
  it('lists commands, saved operations, recipes and the newest history while nothing is typed; no Docs', () => {
    const groups = rankItems(all, '  ');
    expect(groups.map((g) => g.title)).toEqual([
      'Commands',
      'Saved operations',
      'Diagnostics',
      'History',
    ]);
    expect(groups[0]!.items.map((r) => r.item)).toEqual(all.filter((i) => i.kind === 'command'));
    expect(groups[3]!.items.map((r) => r.item.title)).toEqual(
      history.slice(0, 10).map((h) => h.operationName),
    );
    expect(docs.length).toBeGreaterThan(2000);
  });

  it('puts a command first when its label (as in the command table) or its button is typed', () => {
    for (const c of COMMANDS.filter((x) => x.id !== 'palette')) {
      expect(titles(c.label)[0], c.label).toBe(c.button ?? c.label);
      if (c.button) expect(titles(c.button)[0], c.button).toBe(c.button);
    }
  });

  it('finds Docs types and fields by name, the type before fields that mention it', () => {
    const groups = rankItems(all, 'Repository');
    expect(groups[0]!.title).toBe('Docs');
    expect(groups[0]!.items[0]!.item.title).toBe('Repository');
    expect(titles('Query.currentUser')[0]).toBe('Query.currentUser');
    expect(titles('repo name')).toContain('Repository.name');
  });

  it('orders groups by their best match, so the first option is the best of all', () => {
    expect(rankItems(all, 'who am').map((g) => g.title)[0]).toBe('Diagnostics');
    expect(rankItems(all, 'Run12').map((g) => g.title)[0]).toBe('History');
    expect(titles('repositories by')[0]).toBe('Repositories by stars');
    // Within a group, by score: the exact name first.
    expect(titles('Docs')[0]).toBe('Docs');
  });

  it('matches out of order typos no better than noise: nothing for letters in no title', () => {
    expect(rankItems(all, 'qqqzzz')).toEqual([]);
  });

  it('marks the characters of the title the search matched', () => {
    const curl = rankItems(all, 'curl')
      .flatMap((g) => g.items)
      .find((r) => r.item.title === 'Copy as curl')!;
    expect(curl.marks).toEqual([8, 9, 10, 11]);
    // Found by its label (a keyword), not its title: nothing to mark.
    const byLabel = rankItems(all, 'src api -get-curl')[0]!.items[0]!;
    expect(byLabel).toMatchObject({ item: { title: 'Copy as curl' }, marks: [] });
  });

  it('lists at most 30 of a group while searching', () => {
    const docsGroup = rankItems(all, 'e').find((g) => g.kind === 'docs')!;
    expect(docsGroup.items).toHaveLength(30);
  });
});
