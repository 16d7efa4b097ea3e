/// <reference lib="webworker" />
import { serveRpc } from '../../../shared/lib/worker-rpc.ts';
import { schemaHandlers } from './schema-handlers.ts';
import type { SchemaApi } from './protocol.ts';

// Schemas are read off the main thread (schema-handlers.ts says what that involves).
serveRpc<SchemaApi>(self, schemaHandlers);
