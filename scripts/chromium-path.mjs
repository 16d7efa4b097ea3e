// Finds a Chromium for Playwright: CHROMIUM_PATH, then the system's, then Playwright's own.
import { existsSync } from 'node:fs';

const SYSTEM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** @returns {Promise<string | undefined>} an executable path, or undefined for none found. */
export async function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  for (const p of SYSTEM_PATHS) if (existsSync(p)) return p;
  try {
    const { chromium } = await import('@playwright/test');
    const own = chromium.executablePath();
    if (own && existsSync(own)) return own;
  } catch {
    // Playwright not installed or no browser downloaded
  }
  return undefined;
}

/**
 * The features Playwright turns off by default (playwright-core's `chromiumSwitches`). Chrome
 * honours only the last `--disable-features` on its command line, so ours below must carry these
 * too; scripts/chromium-path.test.ts checks the list against the installed Playwright.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Chrome's omnibox popup, a WebUI page that headless Chrome builds in every new window (each
 * fresh profile): about 60 requests and their scripts, in the same seconds and on the same
 * cores as the page under test. A user who opens the console in a running browser never waits
 * for it, so neither do the tests and benchmarks.
 */
const OMNIBOX_POPUP_FEATURES = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
];

/** Flags that let Chromium run headless as root on a machine without outside network. */
export const CHROMIUM_ARGS = [
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP_FEATURES].join(',')}`,
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
