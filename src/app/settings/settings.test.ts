import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, FONT_SIZES, sanitizeSettings, themeAttribute } from './settings.ts';

describe('sanitizeSettings (what storage held is checked)', () => {
  it.each([
    [undefined, DEFAULT_SETTINGS],
    ['dark', DEFAULT_SETTINGS],
    [
      { theme: 'dark', editorFontSize: 16 },
      { theme: 'dark', editorFontSize: 16 },
    ],
    [{ theme: 'light' }, { theme: 'light', editorFontSize: DEFAULT_SETTINGS.editorFontSize }],
    [
      { theme: 'neon', editorFontSize: 15 },
      { theme: 'system', editorFontSize: 15 },
    ],
    [
      { theme: 'dark', editorFontSize: 400 },
      { theme: 'dark', editorFontSize: 13 },
    ],
    [
      { theme: 'dark', editorFontSize: '16' },
      { theme: 'dark', editorFontSize: 13 },
    ],
  ])('%j → %j', (raw, out) => {
    expect(sanitizeSettings(raw)).toEqual(out);
  });

  it('offers the default font size', () => {
    expect(FONT_SIZES).toContain(DEFAULT_SETTINGS.editorFontSize);
  });
});

describe('themeAttribute', () => {
  it.each([
    ['system', undefined],
    ['light', 'light'],
    ['dark', 'dark'],
  ] as const)('%s → %s', (theme, attr) => {
    expect(themeAttribute(theme)).toBe(attr);
  });
});
