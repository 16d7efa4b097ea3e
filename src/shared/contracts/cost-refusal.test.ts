import { describe, expect, it } from 'vitest';
import { DEFAULT_COST_LIMITS } from './cost-limits.ts';
import { readCostRefusal, withRefusal } from './cost-refusal.ts';

const body = (errors: unknown[]) => JSON.stringify({ errors }) + '\n';
const fieldCount = {
  message: 'Query exceeds maximum field count limit',
  extensions: {
    actual: 5001,
    code: 'ErrQueryComplexityLimitExceeded',
    docs_url: 'http://x/help/api/graphql#cost-limits',
    limit: 5000,
    type: 'field count',
  },
};

describe('readCostRefusal', () => {
  it('reads the limits of a cost-limit 400', () => {
    expect(readCostRefusal(400, body([fieldCount]))).toEqual([
      { kind: 'field count', limit: 5000, actual: 5001 },
    ]);
  });

  it('is not one for another status, another error or a body that is not JSON', () => {
    expect(readCostRefusal(200, body([fieldCount]))).toBeUndefined();
    expect(readCostRefusal(400, body([fieldCount, { message: 'other' }]))).toBeUndefined();
    expect(readCostRefusal(400, 'Bad Request')).toBeUndefined();
    expect(readCostRefusal(400, '{"errors":[]}')).toBeUndefined();
  });
});

describe('withRefusal', () => {
  it('takes the instance limits the refusal states', () => {
    expect(
      withRefusal(DEFAULT_COST_LIMITS, [{ kind: 'field count', limit: 5000, actual: 5001 }]),
    ).toEqual({ ...DEFAULT_COST_LIMITS, graphQLMaxFieldCount: 5000 });
  });
});
