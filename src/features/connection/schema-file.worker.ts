/// <reference lib="webworker" />
import { schemaFileToIntrospection } from './schema-file.ts';

// Converts a schema file (SDL or introspection JSON) off the main thread.
self.onmessage = (e: MessageEvent<{ name: string; text: string }>) => {
  self.postMessage(schemaFileToIntrospection(e.data.name, e.data.text));
};
