import { afterEach, beforeEach } from 'vitest';

const restorers: (() => void)[] = [];

/** Replaces `target[name]` until `restoreLayout()`. */
function stubProperty(target: object, name: string, descriptor: PropertyDescriptor): void {
  const original = Object.getOwnPropertyDescriptor(target, name);
  Object.defineProperty(target, name, { configurable: true, ...descriptor });
  restorers.push(() => {
    if (original) Object.defineProperty(target, name, original);
    else delete (target as Record<string, unknown>)[name];
  });
}

/** What `window.matchMedia(query)` answers, with listeners that never fire. */
export function mediaQueryList(query: string, matches: boolean) {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  };
}

export type LayoutOptions = {
  /** Media queries (`min-width` / `max-width` in em) answer for a window this many pixels wide. */
  windowWidth?: number;
  /** Elements also report an offset size (1000 × 800), not only a client size. */
  offsetSize?: boolean;
};

/**
 * jsdom lays nothing out: every element reports a 1000 × 800 size (so a virtualised list shows its
 * first items), and `document.fonts` exists (Mantine's autosizing textarea listens for web fonts).
 * `restoreLayout()` undoes it.
 */
export function installLayout({ windowWidth, offsetSize = false }: LayoutOptions = {}): void {
  stubProperty(HTMLElement.prototype, 'clientHeight', { get: () => 800 });
  stubProperty(HTMLElement.prototype, 'clientWidth', { get: () => 1000 });
  if (offsetSize) {
    stubProperty(HTMLElement.prototype, 'offsetHeight', { get: () => 800 });
    stubProperty(HTMLElement.prototype, 'offsetWidth', { get: () => 1000 });
  }
  if (!('fonts' in document)) {
    stubProperty(document, 'fonts', { value: { addEventListener: () => {}, removeEventListener: () => {} } });
  }
  if (windowWidth !== undefined) {
    stubProperty(window, 'matchMedia', {
      writable: true,
      value: (query: string) => {
        const min = /min-width:\s*([\d.]+)em/.exec(query);
        const max = /max-width:\s*([\d.]+)em/.exec(query);
        const fits =
          (!min || windowWidth >= Number(min[1]) * 16) && (!max || windowWidth <= Number(max[1]) * 16);
        return mediaQueryList(query, Boolean(min || max) && fits);
      },
    });
  }
}

export function restoreLayout(): void {
  while (restorers.length) restorers.pop()?.();
}

/** Registers `installLayout(options)` before each test and `restoreLayout()` after it. */
export function layoutPerTest(options?: LayoutOptions): void {
  beforeEach(() => installLayout(options));
  afterEach(() => restoreLayout());
}
