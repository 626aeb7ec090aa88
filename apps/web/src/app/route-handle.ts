import { useMatches } from 'react-router';
import type { GuardName } from './guard-decision';
import type { LayoutName, PublicWidth } from './routes';

/** Data attached to every route object (`handle`), read by the layouts. */
export type RouteHandle = {
  title?: string;
  area?: string;
  width?: PublicWidth;
  /** On the route that applies a guard and the route that renders a layout. */
  guard?: GuardName;
  layout?: LayoutName;
  /** The route pattern in the spec's notation. */
  pattern?: string;
};

/** The handle of the deepest matched route that has one. */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle && (handle.area || handle.title || handle.width)) return handle;
  }
  return {};
}
