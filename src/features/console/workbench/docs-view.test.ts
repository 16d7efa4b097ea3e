import { describe, expect, it } from 'vitest';
import { docsRequestDone, docsView, searchDocs, setDocsOpen, showInDocs } from './docs-view.ts';

describe('docs view', () => {
  it('opens the panel with a request that stays until the panel has acted on it', () => {
    setDocsOpen(false);
    showInDocs({ type: 'User', field: 'login' });
    const first = docsView.get();
    expect(first).toEqual({
      open: true,
      request: { kind: 'show', ref: { type: 'User', field: 'login' } },
    });
    searchDocs();
    const second = docsView.get().request;
    // Done with the older request: the newer one stays for the panel.
    docsRequestDone(first.request!);
    expect(docsView.get()).toEqual({ open: true, request: { kind: 'search' } });
    docsRequestDone(second!);
    expect(docsView.get()).toEqual({ open: true });
  });

  it('drops a pending request on close, so reopening does not replay it', () => {
    showInDocs({ type: 'Query' });
    setDocsOpen(false);
    expect(docsView.get()).toEqual({ open: false });
    setDocsOpen(true);
    expect(docsView.get()).toEqual({ open: true });
  });

  it('keeps a pending request when the toggle opens an open panel', () => {
    showInDocs({ type: 'Query' });
    const before = docsView.get();
    setDocsOpen(true);
    expect(docsView.get()).toBe(before);
    setDocsOpen(false);
  });
});
