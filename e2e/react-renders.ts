import type { Page } from '@playwright/test';

/** One render of a function component, named by where it is in the page (names are minified). */
export interface ReactRender {
  /** The first element the component renders: `tag.class.class[aria-label]`, or `(none)`. */
  host: string;
  /**
   * Where it is: that element's ancestors up to `.console` (or the body), outermost first, joined
   * by ` > `; for a component that renders no element, its parent element and the ancestors.
   */
  path: string;
}

/**
 * Records which function components React renders, in the production build: React reports every
 * commit to the DevTools hook (`__REACT_DEVTOOLS_GLOBAL_HOOK__`) when one is installed before it
 * loads. A component rendered in a commit carries the PerformedWork flag on the fiber committed;
 * a fiber React did not visit is the same object as in the previous commit, so each fiber object
 * is counted once until React renders it again (into its alternate). Call before `goto`; read and
 * reset with `takeReactRenders`.
 */
export async function watchReactRenders(page: Page): Promise<void> {
  await page.addInitScript(() => {
    interface Fiber {
      tag: number;
      flags: number;
      child: Fiber | null;
      sibling: Fiber | null;
      return: Fiber | null;
      alternate: Fiber | null;
      stateNode: unknown;
    }
    // FunctionComponent, ForwardRef, MemoComponent, SimpleMemoComponent (React's fiber tags).
    const FUNCTION_TAGS = new Set([0, 11, 14, 15]);
    const PERFORMED_WORK = 1;
    const counted = new WeakSet<Fiber>();
    const w = window as unknown as { __reactRenders: { host: string; path: string }[] };
    w.__reactRenders = [];

    const describe = (el: Element) => {
      const cls = [...el.classList].map((c) => `.${c}`).join('');
      const label = el.getAttribute('aria-label');
      return `${el.tagName.toLowerCase()}${cls}${label ? `[${label}]` : ''}`;
    };
    function hostOf(fiber: Fiber): Element | undefined {
      for (let f = fiber.child; f; f = f.child)
        if (f.stateNode instanceof Element) return f.stateNode;
      return undefined;
    }
    function parentOf(fiber: Fiber): Element | undefined {
      for (let f = fiber.return; f; f = f.return)
        if (f.stateNode instanceof Element) return f.stateNode;
      return undefined;
    }
    function pathOf(el: Element | null | undefined): string {
      const parts: string[] = [];
      for (let e = el; e && e !== document.body; e = e.parentElement) {
        parts.unshift(describe(e));
        if (e.classList.contains('console')) break;
      }
      return parts.join(' > ');
    }
    function onCommit(root: { current: Fiber }) {
      const stack: Fiber[] = [root.current];
      while (stack.length) {
        const f = stack.pop()!;
        if (f.sibling) stack.push(f.sibling);
        if (f.child) stack.push(f.child);
        if (!FUNCTION_TAGS.has(f.tag) || !(f.flags & PERFORMED_WORK) || counted.has(f)) continue;
        counted.add(f);
        if (f.alternate) counted.delete(f.alternate);
        const host = hostOf(f);
        w.__reactRenders.push({
          host: host ? describe(host) : '(none)',
          path: pathOf(host ? host.parentElement : parentOf(f)),
        });
      }
    }
    (window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      isDisabled: false,
      renderers: new Map(),
      inject: () => 1,
      checkDCE: () => undefined,
      onScheduleFiberRoot: () => undefined,
      onCommitFiberRoot: (_id: number, root: { current: Fiber }) => onCommit(root),
      onCommitFiberUnmount: () => undefined,
      onPostCommitFiberRoot: () => undefined,
    };
  });
}

/** The renders recorded since the last call (see `watchReactRenders`). */
export function takeReactRenders(page: Page): Promise<ReactRender[]> {
  return page.evaluate(() => {
    const w = window as unknown as { __reactRenders: ReactRender[] };
    const renders = w.__reactRenders;
    w.__reactRenders = [];
    return renders;
  });
}
