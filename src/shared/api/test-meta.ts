import type { ResponseMeta } from './classify-http.ts';

/**
 * The facts of a response as the classifiers read them, for their tests
 * (`classify-http.test.ts`, `classify-graphql.test.ts`): no Retry-After, not the relay's own.
 */
export function meta(
  status: number,
  contentType: string | null,
  extra: Partial<ResponseMeta> = {},
): ResponseMeta {
  return { status, contentType, retryAfter: null, relayError: false, ...extra };
}
