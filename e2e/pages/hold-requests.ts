import type { Page, Request } from '@playwright/test';

/** Requests held at the door by `holdRequests`. */
export interface HeldRequests {
  /** Whether a held request has come. */
  readonly seen: boolean;
  /** Lets every held request (and any later one) through. */
  release(): void;
}

/**
 * Holds every request matching `pattern` (and `which`, when given; the others pass) until
 * `release()`: a chunk, a check or an answer made to arrive after something the test does first.
 */
export async function holdRequests(
  page: Page,
  pattern: string | RegExp,
  which: (request: Request) => boolean = () => true,
): Promise<HeldRequests> {
  let release = () => {};
  const released = new Promise<void>((r) => (release = r));
  const state = { seen: false, release };
  await page.route(pattern, async (route) => {
    if (which(route.request())) {
      state.seen = true;
      await released;
    }
    await route.continue();
  });
  return state;
}
