import { buildSchema, introspectionFromSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  introspect as introspectParsed,
  LEGACY_INTROSPECTION,
  MODERN_INTROSPECTION,
  readIntrospectionAnswer,
  type RawAnswer,
} from './schema-load.ts';

/** `introspect` with each answer read as the schema worker reads it. */
const introspect = (send: (query: string) => Promise<RawAnswer>) =>
  introspectParsed((q) => send(q).then(readIntrospectionAnswer));

const data = introspectionFromSchema(buildSchema('type Query { a: Int }'));
const ok = (): RawAnswer => ({
  status: 200,
  contentType: 'application/json',
  text: JSON.stringify({ data }),
  relayError: false,
});
const json = (status: number, body: unknown): RawAnswer => ({
  status,
  contentType: 'application/json',
  text: JSON.stringify(body),
  relayError: false,
});

describe('introspect', () => {
  it('asks for deprecated arguments and input fields first', async () => {
    const sent: string[] = [];
    const r = await introspect(async (q) => (sent.push(q), ok()));
    expect(sent).toEqual([MODERN_INTROSPECTION]);
    expect(MODERN_INTROSPECTION).toContain('includeDeprecated: true');
    expect(MODERN_INTROSPECTION).toMatch(/args\(includeDeprecated: true\)/);
    expect(r).toMatchObject({ legacy: false });
    expect(r.data.__schema.queryType.name).toBe('Query');
  });

  it('retries with the older query when the server rejects the newer one, and says so', async () => {
    const sent: string[] = [];
    const r = await introspect(async (q) => {
      sent.push(q);
      return q === MODERN_INTROSPECTION
        ? json(200, {
            errors: [{ message: 'Unknown argument "includeDeprecated" on field "__Field.args".' }],
          })
        : ok();
    });
    expect(sent).toEqual([MODERN_INTROSPECTION, LEGACY_INTROSPECTION]);
    expect(LEGACY_INTROSPECTION).not.toMatch(/args\(includeDeprecated/);
    expect(r.legacy).toBe(true);
    expect(r.notice).toMatch(
      /older query was used.*Unknown argument|Unknown argument.*older query was used/,
    );
  });

  it('explains disabled introspection, auth failures, HTML and relay errors', async () => {
    await expect(
      introspect(async () => json(200, { errors: [{ message: 'introspection is disabled' }] })),
    ).rejects.toThrow(/introspection is disabled.*Load the schema from a file/);
    await expect(
      introspect(async () => ({
        status: 401,
        contentType: 'text/plain',
        text: 'Invalid access token.\n',
        relayError: false,
      })),
    ).rejects.toThrow(
      /refused the request \(HTTP 401: Invalid access token\.\)\. Check the access token/,
    );
    await expect(
      introspect(async () => ({
        status: 200,
        contentType: 'text/html',
        text: '<!DOCTYPE html><p>Sign in',
        relayError: false,
      })),
    ).rejects.toThrow(/web page \(HTML, HTTP 200\), not GraphQL\. Use the instance's root URL/);
    await expect(
      introspect(async () => ({
        status: 502,
        contentType: 'text/plain',
        text: 'connect ECONNREFUSED',
        relayError: true,
      })),
    ).rejects.toThrow(/relay could not reach the instance: connect ECONNREFUSED/);
    await expect(introspect(async () => json(200, { data: null }))).rejects.toThrow(
      /without a schema/,
    );
    await expect(
      introspect(async () => ({
        status: 500,
        contentType: 'text/plain',
        text: 'oops',
        relayError: false,
      })),
    ).rejects.toThrow(/HTTP 500 with something that is not a GraphQL response \("oops"\)/);
  });
});
