// Makes sure a Chromium exists for the e2e tests; installs Debian's when root, else says how.
import { execFileSync } from 'node:child_process';
import { findChromium } from './chromium-path.mjs';

const found = await findChromium();
if (found) {
  console.log(`Chromium: ${found}`);
  process.exit(0);
}
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
let hasApt = false;
try {
  execFileSync('apt-get', ['--version'], { stdio: 'ignore' });
  hasApt = true;
} catch {
  hasApt = false;
}
if (isRoot && hasApt) {
  console.log('No Chromium found: installing Debian\'s "chromium" package (apt-get)…');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  const now = await findChromium();
  if (now) {
    console.log(`Chromium: ${now}`);
    process.exit(0);
  }
}
console.error(
  [
    'No Chromium found for the end-to-end tests. Do one of:',
    '  - Debian/Ubuntu: sudo apt-get install chromium',
    '  - anywhere Playwright can download: npx playwright install chromium',
    '  - point CHROMIUM_PATH at a Chromium or Chrome executable',
  ].join('\n'),
);
process.exit(1);
