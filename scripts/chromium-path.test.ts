import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, PLAYWRIGHT_DISABLED_FEATURES } from './chromium-path.mjs';

/** The feature names in the installed Playwright's `disabledFeatures = [ ... ]`. */
function installedPlaywrightList(): string[] {
  const require = createRequire(import.meta.url);
  const lib = join(dirname(require.resolve('playwright-core/package.json')), 'lib');
  const bundle = readFileSync(join(lib, 'coreBundle.js'), 'utf8');
  const at = bundle.indexOf('disabledFeatures = [');
  if (at < 0) throw new Error('Playwright’s list of disabled features moved: update this test');
  const list = bundle.slice(at, bundle.indexOf('].filter(Boolean)', at));
  return [...list.matchAll(/^\s*"(\w+)"/gm)].map((m) => m[1]!);
}

describe('Chromium flags', () => {
  it('carry every feature Playwright disables (Chrome keeps only the last --disable-features)', () => {
    const installed = installedPlaywrightList();
    expect(installed.length).toBeGreaterThan(5);
    expect(PLAYWRIGHT_DISABLED_FEATURES).toEqual(expect.arrayContaining(installed));
    const ours = CHROMIUM_ARGS.filter((a) => a.startsWith('--disable-features='));
    expect(ours).toHaveLength(1);
    const names = ours[0]!.slice('--disable-features='.length).split(',');
    expect(names).toEqual(expect.arrayContaining([...installed, 'WebUIOmniboxPopup']));
  });
});
