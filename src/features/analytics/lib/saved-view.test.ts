import { describe, expect, it } from 'vitest';
import {
  decodeViewLink,
  encodeViewLink,
  parseSavedViews,
  parseViewState,
  removeView,
  upsertView,
  type ViewState,
} from './saved-view.ts';

const VIEW: ViewState = {
  report: {
    host: 'acme.sourcegraphcloud.example',
    granularity: 'by_user_day',
    startDate: '2025-01-01',
    endDate: '',
  },
  table: {
    sort: { column: 'Searches', direction: 'descending' },
    filters: { Username: '=alice.0' },
    global: 'ö "quoted", #hash & %',
  },
  summary: {
    by: ['client', 'month'],
    value: 'col:Combined CAR',
    limit: 20,
    sort: { column: 'Rows', direction: 'ascending' },
  },
  chart: { metric: 'col:Searches', per: 'week', split: 'client' },
  compare: { metric: 'events', length: 90 },
  retention: { per: 'month' },
};

describe('a view as a link: the state in the URL fragment', () => {
  it('round-trips every part, whatever the text', () => {
    const hash = encodeViewLink(VIEW);
    expect(hash.startsWith('#%7B%22analyticsView%22%3A1')).toBe(true);
    // Nothing in it a URL would cut or a server would see: one fragment, no raw # or &.
    expect(hash.slice(1)).not.toMatch(/[#&?\s]/);
    expect(decodeViewLink(hash)).toEqual(VIEW);
    expect(decodeViewLink(hash.slice(1))).toEqual(VIEW);
  });

  it('keeps the known fields only: a token or a service URL put into a link is dropped', () => {
    const hostile = {
      analyticsView: 1,
      ...VIEW,
      token: 'sams_at_0123456789abcdef0123456789abcdef',
      report: { ...VIEW.report, analyticsToken: 'secret', analyticsUrl: 'https://evil.example' },
      table: { ...VIEW.table, filters: { Username: 'x', Other: 42 } },
    };
    const view = decodeViewLink('#' + encodeURIComponent(JSON.stringify(hostile)));
    expect(JSON.stringify(view)).not.toMatch(/secret|sams_at_|evil/);
    expect(view?.table.filters).toEqual({ Username: 'x' });
    expect(encodeViewLink(view!)).not.toMatch(/token|sams_at_/i);
  });

  it('ignores fragments that are not views (the console writes its own), never throwing', () => {
    for (const hash of [
      '',
      '#',
      '#%7B',
      '#%E0%A4%A',
      '#' + encodeURIComponent(JSON.stringify({ query: '{ currentUser { username } }' })),
      '#' + encodeURIComponent(JSON.stringify({ analyticsView: 2, ...VIEW })),
      '#' + encodeURIComponent(JSON.stringify({ analyticsView: 1, report: VIEW.report })),
    ])
      expect(decodeViewLink(hash)).toBeUndefined();
  });

  it('repairs wrong values field by field: an unknown granularity, a bad date, a bad sort', () => {
    const v = parseViewState({
      report: { host: 'x.example', granularity: 'by_week', startDate: '2025-13', endDate: 7 },
      table: { sort: { column: 'Searches', direction: 'sideways' }, global: 3 },
      summary: { by: ['user', 4, 'client', 'month'], value: 'events', limit: -1 },
      chart: { per: 'year', split: 'nope', metric: 5 },
      compare: { length: 'long' },
      retention: { per: 'day' },
    });
    expect(v).toEqual({
      report: {
        host: 'x.example',
        granularity: 'by_user_day_client_language',
        startDate: '',
        endDate: '',
      },
      table: { filters: {}, global: '' },
      summary: { by: ['user', 'client'], value: 'events', limit: 100 },
      chart: {},
      compare: {},
      retention: {},
    });
  });
});

describe('saved views (the list in storage)', () => {
  it('adds, replaces by name and removes; sorted by name', () => {
    let list = upsertView([], { name: 'Weekly', savedAt: 1, view: VIEW });
    list = upsertView(list, { name: 'Adoption', savedAt: 2, view: VIEW });
    const other = { ...VIEW, chart: { metric: 'events' } };
    list = upsertView(list, { name: 'Weekly', savedAt: 3, view: other });
    expect(list.map((v) => [v.name, v.savedAt])).toEqual([
      ['Adoption', 2],
      ['Weekly', 3],
    ]);
    expect(list[1]?.view.chart).toEqual({ metric: 'events' });
    expect(removeView(list, 'Adoption').map((v) => v.name)).toEqual(['Weekly']);
  });

  it('reads back only valid entries, names trimmed, the latest of a name kept', () => {
    const list = parseSavedViews([
      { name: '  Weekly  ', savedAt: 5, view: VIEW },
      { name: 'Weekly', savedAt: 9, view: { ...VIEW, retention: { per: 'week' } } },
      { name: '', savedAt: 1, view: VIEW },
      { name: 'No view', savedAt: 1 },
      'junk',
      null,
    ]);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      name: 'Weekly',
      savedAt: 9,
      view: { retention: { per: 'week' } },
    });
    expect(parseSavedViews({ not: 'a list' })).toEqual([]);
  });
});
