import type { ComponentType } from 'react';
import { vi } from 'vitest';
import { renderRoutes } from '../../shared/testing/render-routes';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/**
 * Renders screens the way the router will (lazy components under their route patterns) at
 * `path`; answers the memory router to check where it went.
 */
export function renderScreens(screens: Readonly<Record<string, LazyComponent>>, path: string) {
  return renderRoutes(
    Object.entries(screens).map(([pattern, lazy]) => ({ path: pattern, lazy })),
    path,
  );
}

export const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk';

/**
 * jsdom draws nothing: a 2D context whose every method is a recorded no-op (measureText and
 * getImageData answer plausible values), and toDataURL answering a PNG data URL.
 */
export function stubCanvas() {
  const methods = new Map<string, ReturnType<typeof vi.fn>>();
  const state: Record<string, unknown> = {};
  const context = new Proxy(
    {},
    {
      get(_target, prop: string) {
        if (prop in state) return state[prop];
        if (!methods.has(prop)) {
          const fn =
            prop === 'measureText'
              ? vi.fn((text: string) => ({ width: text.length * 40 }))
              : prop === 'getImageData'
                ? vi.fn(() => ({ data: new Uint8ClampedArray(0) }))
                : vi.fn();
          methods.set(prop, fn);
        }
        return methods.get(prop);
      },
      set(_target, prop: string, value: unknown) {
        state[prop] = value;
        return true;
      },
    },
  );
  const getContext = vi
    .spyOn(HTMLCanvasElement.prototype, 'getContext')
    .mockImplementation((() => context) as unknown as HTMLCanvasElement['getContext']);
  const toDataURL = vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(() => PNG_DATA_URL);
  return {
    state,
    method: (name: string) => methods.get(name),
    restore: () => {
      getContext.mockRestore();
      toDataURL.mockRestore();
    },
  };
}
