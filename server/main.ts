import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readConfig } from './config.ts';
import { startApp } from './app-server.ts';
import { formatBanner } from './banner.ts';
import { installLastResortGuard } from './last-resort.ts';

const distDir = fileURLToPath(new URL('../dist/', import.meta.url));

async function main(): Promise<void> {
  installLastResortGuard();
  const config = readConfig(process.env, process.argv.slice(2), { distDir });
  config.distDir = resolve(config.distDir);
  if (!existsSync(config.distDir)) {
    console.error(
      `No built app in ${config.distDir}. Run "npm run build" first (npm start does it for you).`,
    );
    process.exit(1);
  }
  const app = await startApp(config);
  console.log(formatBanner(app.url, app.sandbox?.info, config, app.secret));
  const stop = () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  const e = err as NodeJS.ErrnoException;
  if (e.code === 'EADDRINUSE')
    console.error(
      `Port already in use: ${e.message}. Set PORT (and SANDBOX_PORT) to free ports, or PORT=0 ` +
        'for any free ones (the banner then says which).',
    );
  else console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
});
