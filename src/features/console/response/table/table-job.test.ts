import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { CellKind } from './cell-text.ts';
import { TableJob } from './table-job.ts';

const body = {
  data: {
    currentUser: { username: 'alice' },
    repositories: {
      nodes: [
        { name: 'b/two', stars: 20, owner: { login: 'x' }, langs: [{ n: 'go' }] },
        { name: 'a/one', stars: 3, owner: null, langs: [] },
        { name: 'c/three', stars: 100, owner: { login: 'z' }, langs: [{ n: 'ts' }, { n: 'js' }] },
      ],
    },
    users: { nodes: [{ username: 'u' }] },
  },
};

/** A job fed the pretty-printed body in small pieces, as the page hands it over. */
function loaded(text = JSON.stringify(body, null, 2)): TableJob {
  const job = new TableJob();
  job.begin();
  for (let i = 0; i < text.length; i += 7) job.append(text.slice(i, i + 7));
  return job;
}

describe('TableJob', () => {
  it('finds the lists, shows the first one with typed columns', () => {
    const job = loaded();
    expect(job.parse()).toEqual({
      lists: [
        { path: 'data.repositories.nodes', rows: 3 },
        { path: 'data.users.nodes', rows: 1 },
      ],
    });
    const info = job.show(0);
    expect(info.path).toBe('data.repositories.nodes');
    expect(info.rowCount).toBe(3);
    expect(info.columns.map((c) => [c.name, c.numeric])).toEqual([
      ['name', false],
      ['stars', true],
      ['owner.login', false],
      ['langs', false],
    ]);
  });

  it('sends rows by window in the order shown, with their kinds', () => {
    const job = loaded();
    job.parse();
    job.show(0);
    job.sort({ column: 1, direction: 'descending' });
    const slice = job.rows(1, 10);
    expect(slice.start).toBe(1);
    expect(slice.texts).toEqual(['b/two', '20', 'x', '1 item', 'a/one', '3', 'null', '']);
    expect([...slice.kinds]).toEqual([
      CellKind.text,
      CellKind.number,
      CellKind.text,
      CellKind.list,
      CellKind.text,
      CellKind.number,
      CellKind.null,
      CellKind.text,
    ]);
    job.sort(null);
    expect(job.rows(0, 1).texts[0]).toBe('b/two');
  });

  it('exports the rows in the order shown', async () => {
    const job = loaded();
    job.parse();
    job.show(0);
    job.sort({ column: 0, direction: 'ascending' });
    const text = await job.csv().text();
    expect(Papa.parse(text.trimEnd()).data).toEqual([
      ['name', 'stars', 'owner.login', 'langs'],
      ['a/one', '3', '', ''],
      ['b/two', '20', 'x', '[{"n":"go"}]'],
      ['c/three', '100', 'z', '[{"n":"ts"},{"n":"js"}]'],
    ]);
  });

  it('shows another list on demand; its order starts as the list’s', () => {
    const job = loaded();
    job.parse();
    job.show(0);
    job.sort({ column: 1, direction: 'ascending' });
    expect(job.show(1).columns.map((c) => c.name)).toEqual(['username']);
    expect(job.rows(0, 5).texts).toEqual(['u']);
  });

  it('an error without data, and text that is not JSON, have no lists', () => {
    expect(loaded('{"errors":[{"message":"no"}]}').parse()).toEqual({ lists: [] });
    const notJson = loaded('{"data": {').parse();
    expect(notJson.lists).toEqual([]);
    expect(notJson.problem).toMatch(/JSON/);
  });

  it('cuts long texts for the page but exports them whole', async () => {
    const long = 'x'.repeat(2000);
    const job = loaded(JSON.stringify({ data: { l: [{ t: long }] } }));
    job.parse();
    const info = job.show(0);
    expect(info.columns[0]!.width).toBe(40);
    expect(job.rows(0, 1).texts[0]).toBe(`${'x'.repeat(500)}…`);
    expect(await job.csv().text()).toBe(`t\r\n${long}\r\n`);
  });

  it('begin drops the previous response', () => {
    const job = loaded();
    job.parse();
    job.show(0);
    job.begin();
    expect(() => job.rows(0, 1)).toThrow('No table is shown.');
    expect(() => job.show(0)).toThrow('There is no list 0.');
  });
});
