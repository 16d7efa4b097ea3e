import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestInstance,
  type TestInstance,
} from '../../../../server/sandbox/instance/instance.test-helpers.ts';
import { DIAGNOSTICS } from '../../../shared/contracts/diagnostics.ts';

/** Every recipe runs against the real sandbox server, as the admin, without errors. */
describe('Diagnostics recipes against the sandbox', () => {
  let inst: TestInstance;
  beforeAll(async () => {
    inst = await startTestInstance();
  });
  afterAll(() => inst.close());

  it.each(DIAGNOSTICS.map((r) => [r.name, r] as const))(
    '%s: 200, data, no errors',
    async (_n, r) => {
      const res = await inst.gql(r.query, {
        headers: { Authorization: `token ${inst.tokens.admin}` },
      });
      expect(res.status).toBe(200);
      const body = JSON.parse(res.text) as { data?: Record<string, unknown>; errors?: unknown };
      expect(body.errors).toBeUndefined();
      expect(Object.values(body.data ?? {}).every((v) => v !== null)).toBe(true);
    },
  );
});
