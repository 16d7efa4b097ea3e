import { describe, expect, it } from 'vitest';
import { TokenStore } from './auth.ts';

describe('TokenStore bounds', () => {
  it('keeps at most its cap of OAuth tokens, forgetting the oldest, never the demo ones', () => {
    const store = new TokenStore(600, Date.now, 8);
    let refresh = store.demo.refresh;
    const issued: string[] = [];
    for (let i = 0; i < 40; i++) {
      const r = store.exchangeRefresh(refresh, store.clientId);
      if (typeof r === 'string') throw new Error(r);
      issued.push(r.access_token);
      refresh = r.refresh_token;
    }
    expect(store.oauthTokenCount()).toBeLessThanOrEqual(2 * 8);
    const [oldest] = issued;
    const newest = issued[39];
    if (!oldest || !newest) throw new Error('expected 40 issued tokens');
    expect(store.lookupBearer(oldest)).toBeUndefined();
    expect(store.lookupBearer(newest)).toMatchObject({ username: 'bob' });
    expect(store.lookupBearer(store.demo.oauth)).toMatchObject({ username: 'bob' });
    // The newest refresh token still works.
    expect(typeof store.exchangeRefresh(refresh, store.clientId)).toBe('object');
  });
});
