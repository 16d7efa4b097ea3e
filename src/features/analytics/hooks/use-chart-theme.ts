import { useEffect, useState } from 'react';

/** Colours the canvas charts draw with, read from the page's CSS custom properties. */
export interface ChartTheme {
  dark: boolean;
  /** Axis labels. */
  text: string;
  /** Grid lines and ticks. */
  grid: string;
  /** Series colours, in order; `other` for the "Other" series. */
  palette: string[];
  other: string;
  accent: string;
  ok: string;
  danger: string;
}

// Extra series colours with at least 3:1 contrast on the light and the dark background.
const LIGHT_EXTRA = ['#bc4c00', '#8250df', '#1b7c83', '#bf3989'] as const;
const DARK_EXTRA = ['#f0883e', '#a371f7', '#39c5cf', '#db61a2'] as const;

/** Relative luminance of `#rrggbb` (0 black … 1 white); 1 for anything else. */
function luminance(color: string): number {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color.trim());
  if (!m) return 1;
  const linear = (h = '') => {
    const c = parseInt(h, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(m[1]) + 0.7152 * linear(m[2]) + 0.0722 * linear(m[3]);
}

function readTheme(): ChartTheme {
  const css = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  const bg = v('--bg', '#ffffff');
  const dark = luminance(bg) < 0.2;
  const accent = v('--accent', '#0969da');
  const ok = v('--ok', '#1a7f37');
  const danger = v('--danger', '#cf222e');
  const extra = dark ? DARK_EXTRA : LIGHT_EXTRA;
  return {
    dark,
    text: v('--fg', dark ? '#e6edf3' : '#1f2328'),
    grid: v('--border', dark ? '#3d444d' : '#d1d9e0'),
    palette: [accent, extra[0], ok, extra[1], danger, extra[2], extra[3]],
    other: v('--muted', dark ? '#9198a1' : '#59636e'),
    accent,
    ok,
    danger,
  };
}

/**
 * The chart colours of the current theme; follows the system setting (prefers-color-scheme) and
 * any theme switch that changes attributes of <html> (class, data-theme, style).
 */
export function useChartTheme(): ChartTheme {
  const [theme, setTheme] = useState(readTheme);
  useEffect(() => {
    const update = () =>
      setTheme((t) => {
        const next = readTheme();
        return JSON.stringify(next) === JSON.stringify(t) ? t : next;
      });
    const mq = window.matchMedia('(prefers-color-scheme: dark)');
    mq.addEventListener('change', update);
    const mo = new MutationObserver(update);
    mo.observe(document.documentElement, { attributes: true });
    if (document.body) mo.observe(document.body, { attributes: true });
    update();
    return () => {
      mq.removeEventListener('change', update);
      mo.disconnect();
    };
  }, []);
  return theme;
}
