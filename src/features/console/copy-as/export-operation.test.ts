import { describe, expect, it } from 'vitest';
import { exportOperation } from './export-operation.ts';

const TWO = 'query A { a }\n\nquery B { b }';

describe('exportOperation: which operation a copied command names', () => {
  it('one operation, named or not: none (src api -get-curl never sends operationName)', () => {
    expect(exportOperation('query Me { currentUser { username } }', undefined, 0)).toEqual({
      multiple: false,
    });
    expect(exportOperation('{ currentUser { username } }', undefined, 0)).toEqual({
      multiple: false,
    });
  });
  it('several: the picked one wins, else the one under the cursor', () => {
    expect(exportOperation(TWO, 'A', TWO.length)).toEqual({ multiple: true, operationName: 'A' });
    expect(exportOperation(TWO, undefined, TWO.length)).toEqual({
      multiple: true,
      operationName: 'B',
    });
  });
  it('several without names: none can be named', () => {
    expect(exportOperation('{ a }\n{ b }', undefined, 0)).toEqual({ multiple: true });
  });
  it('a picked name that is no longer in the document falls back to the cursor', () => {
    expect(exportOperation(TWO, 'Gone', 0)).toEqual({ multiple: true, operationName: 'A' });
  });
});
