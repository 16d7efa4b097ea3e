import { describe, expect, it } from 'vitest';
import { ExportFile } from './export-file.ts';
import { exportFileName } from './file-name.ts';

describe('ExportFile', () => {
  it('writes the CSV header once, then each page, as one file', async () => {
    const f = new ExportFile('csv', [{ name: 'n', path: ['n'] }]);
    f.write([{ n: 1 }, { n: 2 }]);
    f.write([]);
    f.write([{ n: 3 }]);
    expect(await f.blob().text()).toBe('n\r\n1\r\n2\r\n3\r\n');
    expect(f.blob().type).toBe('text/csv;charset=utf-8');
  });

  it('NDJSON has no header', async () => {
    const f = new ExportFile('ndjson', [{ name: 'n', path: ['n'] }]);
    f.write([{ n: 1 }]);
    expect(await f.blob().text()).toBe('{"n":1}\n');
  });
});

describe('exportFileName', () => {
  it('names the file after the operation and the list', () => {
    expect(exportFileName('AllUsers', ['users'], 'csv')).toBe('AllUsers-users.csv');
    expect(exportFileName(undefined, ['org', 'members'], 'ndjson', true)).toBe(
      'export-org-members-partial.ndjson',
    );
    expect(exportFileName('a/b', ['ü x'], 'csv')).toBe('a_b-_x.csv');
  });
});
