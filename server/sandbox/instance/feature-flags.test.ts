import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestInstance, type TestInstance } from './instance.test-helpers.ts';

const EVAL = '{ evaluateFeatureFlag(flagName: "search-debug") }';
const OVERRIDE = 'X-Sourcegraph-Override-Feature';

describe('sandbox feature flags and per-request overrides', () => {
  let inst: TestInstance;
  let user: Record<string, string>;
  let admin: Record<string, string>;
  beforeAll(async () => {
    inst = await startTestInstance();
    user = { Authorization: `token ${inst.tokens.user}` };
    admin = { Authorization: `token ${inst.tokens.admin}` };
  });
  afterAll(() => inst.close());

  it('search-debug is off without an override and on with one', async () => {
    expect((await inst.gql(EVAL, { headers: user })).text).toBe(
      '{"data":{"evaluateFeatureFlag":false}}',
    );
    expect((await inst.gql(EVAL, { headers: { ...user, [OVERRIDE]: 'search-debug' } })).text).toBe(
      '{"data":{"evaluateFeatureFlag":true}}',
    );
  });

  it('"-flag" turns a flag off; comma-joined values (several headers) all apply', async () => {
    const q = '{ evaluatedFeatureFlags { name value } }';
    const r = await inst.gql(q, {
      headers: { ...user, [OVERRIDE]: '-search-keyword, search-debug, new-flag' },
    });
    const flags = Object.fromEntries(
      (
        JSON.parse(r.text) as {
          data: { evaluatedFeatureFlags: { name: string; value: boolean }[] };
        }
      ).data.evaluatedFeatureFlags.map((f) => [f.name, f.value]),
    );
    expect(flags['search-debug']).toBe(true);
    expect(flags['search-keyword']).toBe(false);
    expect(flags['new-flag']).toBe(true);
  });

  it('?feat= on the API URL overrides too, unless the header is sent (the header wins)', async () => {
    const path = '/.api/graphql?feat=search-debug';
    expect((await inst.gql(EVAL, { headers: user, path })).text).toBe(
      '{"data":{"evaluateFeatureFlag":true}}',
    );
    expect(
      (await inst.gql(EVAL, { headers: { ...user, [OVERRIDE]: '-search-debug' }, path })).text,
    ).toBe('{"data":{"evaluateFeatureFlag":false}}');
  });

  it('an unknown flag evaluates to null', async () => {
    const r = await inst.gql('{ evaluateFeatureFlag(flagName: "nope") }', { headers: user });
    expect(r.text).toBe('{"data":{"evaluateFeatureFlag":null}}');
  });

  it('search-debug adds a debug alert to search results', async () => {
    const q =
      '{ search(query: "repo:^github.com/sourcegraph/ count:1 func") { results { alert { title description } } } }';
    const off = JSON.parse((await inst.gql(q, { headers: user })).text);
    expect(off.data.search.results.alert).toBeNull();
    const on = JSON.parse(
      (await inst.gql(q, { headers: { ...user, [OVERRIDE]: 'search-debug' } })).text,
    );
    expect(on.data.search.results.alert.title).toBe('Search debug');
    expect(on.data.search.results.alert.description).toContain('count:1 func');
  });

  it('featureFlags lists the definitions for site admins only', async () => {
    const q =
      '{ featureFlags { __typename ... on FeatureFlagBoolean { name value } ... on FeatureFlagRollout { name rolloutBasisPoints } } }';
    const a = JSON.parse((await inst.gql(q, { headers: admin })).text);
    expect(a.data.featureFlags).toContainEqual({
      __typename: 'FeatureFlagBoolean',
      name: 'search-debug',
      value: false,
    });
    expect(
      a.data.featureFlags.some(
        (f: { __typename: string }) => f.__typename === 'FeatureFlagRollout',
      ),
    ).toBe(true);
    const u = JSON.parse((await inst.gql(q, { headers: user })).text);
    expect(u.errors[0].message).toBe('must be site admin');
  });
});
