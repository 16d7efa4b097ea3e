// The sandbox thread's entry (server/sandbox/thread.ts starts it): a worker thread does not run
// the parent's `--import tsx`, so it registers tsx itself before loading the TypeScript.
import { register } from 'tsx/esm/api';

register();
await import('./thread-main.ts');
