/** The app's display settings (Settings dialog): pure model, no storage or DOM. */
export type Theme = 'system' | 'light' | 'dark';

export interface Settings {
  theme: Theme;
  /** CSS pixels, one of {@link FONT_SIZES}. */
  editorFontSize: number;
}

export const THEMES: readonly { value: Theme; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

export const FONT_SIZES: readonly number[] = [11, 12, 13, 14, 15, 16, 18, 20, 22, 24];

export const DEFAULT_SETTINGS: Settings = { theme: 'system', editorFontSize: 13 };

/** Checks stored settings; anything unknown falls back to the default of that setting. */
export function sanitizeSettings(raw: unknown): Settings {
  if (!raw || typeof raw !== 'object') return DEFAULT_SETTINGS;
  const r = raw as Record<string, unknown>;
  const theme = THEMES.find((t) => t.value === r.theme)?.value ?? DEFAULT_SETTINGS.theme;
  const size =
    typeof r.editorFontSize === 'number' && FONT_SIZES.includes(r.editorFontSize)
      ? r.editorFontSize
      : DEFAULT_SETTINGS.editorFontSize;
  return { theme, editorFontSize: size };
}

/** The `data-theme` of the root element: none for "system" (styles.css follows the OS then). */
export function themeAttribute(theme: Theme): 'light' | 'dark' | undefined {
  return theme === 'system' ? undefined : theme;
}
