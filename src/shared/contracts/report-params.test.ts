import { describe, expect, it } from 'vitest';
import {
  buildCreditsParams,
  buildReportParams,
  checkIsoDate,
  DEFAULT_GRANULARITY,
  GRANULARITIES,
  reportFileName,
  type Granularity,
  type ReportForm,
} from './report-params.ts';

const base: ReportForm = {
  host: 'example.com',
  granularity: DEFAULT_GRANULARITY,
  startDate: '',
  endDate: '',
};

describe('checkIsoDate', () => {
  it.each(['2025-01-01', '2024-02-29', '2025-12-31', '2000-02-29'])('%s is valid', (d) => {
    expect(checkIsoDate(d)).toBeUndefined();
  });
  it.each([
    ['2025-02-30', /does not exist/],
    ['2025-02-29', /does not exist/],
    ['1900-02-29', /does not exist/],
    ['2025-13-01', /does not exist/],
    ['2025-00-10', /does not exist/],
    ['2025-04-31', /does not exist/],
    ['2025-1-5', /YYYY-MM-DD/],
    ['05/01/2025', /YYYY-MM-DD/],
    ['2025-01-01T00:00:00Z', /YYYY-MM-DD/],
    ['yesterday', /YYYY-MM-DD/],
  ])('%s is rejected', (d, message) => {
    expect(checkIsoDate(d)).toMatch(message);
  });
});

describe('buildReportParams', () => {
  it('defaults: granularity is the documented default and no dates are sent', () => {
    expect(DEFAULT_GRANULARITY).toBe('by_user_day_client_language');
    const r = buildReportParams(base);
    expect(r.ok && r.params.toString()).toBe(
      'instanceURL=example.com&granularity=by_user_day_client_language',
    );
  });

  it('an empty granularity means the default', () => {
    const r = buildReportParams({ ...base, granularity: '' as Granularity });
    expect(r.ok && r.params.get('granularity')).toBe(DEFAULT_GRANULARITY);
  });

  it.each(GRANULARITIES)('granularity %s is passed through', (g) => {
    const r = buildReportParams({ ...base, granularity: g });
    expect(r.ok && r.params.get('granularity')).toBe(g);
  });

  it.each([
    [{ startDate: '2025-01-01', endDate: '' }, 'startDate=2025-01-01', 'endDate'],
    [{ startDate: '', endDate: '2025-01-31' }, 'endDate=2025-01-31', 'startDate'],
  ])('only one bound: %j sends only that bound', (dates, present, absent) => {
    const r = buildReportParams({ ...base, ...dates });
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.params.toString()).toContain(present);
      expect(r.params.has(absent)).toBe(false);
    }
  });

  it('normalises a pasted URL and trims dates', () => {
    const r = buildReportParams({
      ...base,
      host: ' https://Example.com/search ',
      startDate: ' 2025-01-01 ',
      endDate: '2025-01-01',
    });
    expect(r.ok && r.params.toString()).toBe(
      'instanceURL=example.com&granularity=by_user_day_client_language&startDate=2025-01-01&endDate=2025-01-01',
    );
  });

  it.each<[Partial<ReportForm>, { field: keyof ReportForm; message: RegExp }[]]>([
    [{ host: '' }, [{ field: 'host', message: /Enter the instance host/ }]],
    [
      { granularity: 'by_week' as Granularity },
      [{ field: 'granularity', message: /one of by_user/ }],
    ],
    [{ startDate: '2025-02-30' }, [{ field: 'startDate', message: /does not exist/ }]],
    [{ endDate: '31.01.2025' }, [{ field: 'endDate', message: /YYYY-MM-DD/ }]],
    [
      { startDate: '2025-03-01', endDate: '2025-02-01' },
      [{ field: 'endDate', message: /before start date/ }],
    ],
    [
      { host: 'a b', startDate: 'x', endDate: '2025-02-30' },
      [
        { field: 'host', message: /spaces/ },
        { field: 'startDate', message: /YYYY-MM-DD/ },
        { field: 'endDate', message: /does not exist/ },
      ],
    ],
  ])('%j → errors', (patch, expected) => {
    const r = buildReportParams({ ...base, ...patch });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors.map((e) => e.field)).toEqual(expected.map((e) => e.field));
      expected.forEach((x, i) => expect(r.errors[i]?.message).toMatch(x.message));
    }
  });
});

describe('buildCreditsParams', () => {
  it('sends host and bounds, never a granularity', () => {
    const r = buildCreditsParams({
      host: 'http://127.0.0.1:4174',
      startDate: '2025-01-01',
      endDate: '',
    });
    expect(r.ok && r.params.toString()).toBe('instanceURL=127.0.0.1%3A4174&startDate=2025-01-01');
  });
  it('rejects start after end', () => {
    const r = buildCreditsParams({ host: 'a.com', startDate: '2025-02-02', endDate: '2025-02-01' });
    expect(r.ok).toBe(false);
  });
});

describe('reportFileName', () => {
  it.each<[Partial<ReportForm>, string]>([
    [{}, 'report_example.com_by_user_day_client_language_all_all.csv'],
    [
      { host: 'http://127.0.0.1:4174/', granularity: 'by_user', startDate: '2025-01-01' },
      'report_127.0.0.1-4174_by_user_2025-01-01_all.csv',
    ],
    [
      { granularity: 'by_user_month', endDate: '2025-06-30' },
      'report_example.com_by_user_month_all_2025-06-30.csv',
    ],
    [{ host: 'bad host/../x' }, 'report_bad-host-..-x_by_user_day_client_language_all_all.csv'],
  ])('%j → %s', (patch, name) => {
    expect(reportFileName({ ...base, ...patch })).toBe(name);
  });
});
