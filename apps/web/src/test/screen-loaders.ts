import type { ComponentType } from 'react';
import { expect } from 'vitest';
import { ALL_SCREEN_ROUTES } from '../app/routes';
import { SCREENS } from '../app/screen-loaders';

type ScreenLoaders = Readonly<Record<string, () => Promise<{ Component: ComponentType }>>>;

/**
 * Checks an area's screen loaders: they are those of `patterns`, each a route of routes.ts that the
 * router's `SCREENS` opens with this loader, and each loads a component.
 */
export async function expectScreenLoaders(screens: ScreenLoaders, patterns: string[]): Promise<void> {
  expect(Object.keys(screens).sort()).toEqual([...patterns].sort());
  const known = new Set(ALL_SCREEN_ROUTES.map((route) => route.pattern));
  for (const [pattern, load] of Object.entries(screens)) {
    expect(known.has(pattern), pattern).toBe(true);
    expect(SCREENS[pattern], pattern).toBe(load);
    const { Component } = await load();
    expect(typeof Component, pattern).toBe('function');
  }
}
