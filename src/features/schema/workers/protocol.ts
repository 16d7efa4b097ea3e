import type { SchemaPayload } from '../schema-payload.ts';
import type { ParsedAnswer, RawAnswer } from '../schema-load.ts';

/** One HTTP answer to an introspection query, its body as bytes (transferred, not copied). */
interface AnswerBytes extends Omit<RawAnswer, 'text'> {
  body: ArrayBuffer;
}

/**
 * A payload as the worker sends it: with the introspection response JSON as a Blob, whose bytes
 * the browser holds outside the page's heap, for the Docs worker and "Download JSON". The page
 * keeps `text` only until every type is built (`schema-build.ts`).
 */
export interface SentPayload extends SchemaPayload {
  json: Blob;
}

/**
 * The end of a `readAnswer` whose payload went ahead as its progress: the whole answer has been
 * parsed since, and `problem` says why no schema can be built from it.
 */
interface AnswerChecked {
  kind: 'checked';
  problem?: string;
}

/**
 * The schema worker's methods (called through src/shared/lib/worker-rpc.ts). Both read a big
 * text off the main thread and hand back a `SchemaPayload`; a failure rejects with a message
 * saying what to do.
 */
export type SchemaApi = {
  /** Answers at once: started ahead of a schema load so the worker is up when the answer is in. */
  warm: { params: null; result: true };
  /**
   * Reads one introspection answer: the schema, or the server's GraphQL errors. An answer to
   * the standard query is sent as progress before the whole text is parsed
   * (`quickSchemaPayload`); the result is then `AnswerChecked`.
   */
  readAnswer: {
    params: AnswerBytes;
    result: ParsedAnswer<SentPayload> | AnswerChecked;
    progress: SentPayload;
  };
  /** Reads a schema file (SDL, or an introspection result with or without "data"). */
  readFile: { params: { name: string; body: ArrayBuffer }; result: SentPayload };
};
