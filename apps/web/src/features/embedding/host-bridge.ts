import type { HostCommandType, HostEventType } from '@esigns/contracts/embedding';
import { currentEmbeddedFrame, framePath } from './embedded-frame';

/**
 * The postMessage bridge between an embedded frame and its host page.
 * - Events: `{ source: 'esigns', type, payload }` posted to `window.parent` with targetOrigin =
 *   the host origin: the frame's ancestor origin when the company allows it (known once the
 *   session is opened). Nothing is posted outside the embedded mode or to any other origin.
 * - Commands: `{ source: 'esigns-host', type: 'navigate', payload: { path } }` and
 *   `{ source: 'esigns-host', type: 'refresh' }`, obeyed only when `event.origin` is that host
 *   origin and `event.source` is `window.parent`.
 * Features call `emitHostEvent` (a send -> `document.sent`, a form submit -> `form.submitted`);
 * it is a no-op outside `/if/`.
 */
export type HostMessage = { source: 'esigns'; type: HostEventType; payload: Record<string, unknown> };
export type HostCommand = { source: 'esigns-host'; type: HostCommandType; payload?: { path?: unknown } };

export type BridgeActions = {
  navigate: (path: string) => void;
  refresh: () => void;
};

type BridgeWindow = Pick<Window, 'parent' | 'addEventListener' | 'removeEventListener'> & {
  location: Pick<Location, 'ancestorOrigins'>;
  document: Pick<Document, 'referrer' | 'documentElement'>;
};

let hostOrigin: string | null = null;
let win: BridgeWindow | null = typeof window === 'undefined' ? null : window;
let disconnect: (() => void) | null = null;

/**
 * The origin of the page that frames this one: `location.ancestorOrigins` (Chromium, Safari),
 * else the referrer's origin (Firefox); null when not framed.
 */
export function ancestorOrigin(target: BridgeWindow | null = win): string | null {
  if (!target || target.parent === (target as unknown)) return null;
  const ancestors = target.location.ancestorOrigins;
  if (ancestors && ancestors.length > 0) return ancestors[0] ?? null;
  try {
    return target.document.referrer ? new URL(target.document.referrer).origin : null;
  } catch {
    return null;
  }
}

/** The host origin events go to, or null (none known, or not allowed). */
export function currentHostOrigin(): string | null {
  return hostOrigin;
}

/**
 * Posts an event to the host page. No-op outside an embedded frame or before the host origin is
 * known and allowed.
 */
export function emitHostEvent(type: HostEventType, payload: Record<string, unknown> = {}): void {
  if (!currentEmbeddedFrame() || !hostOrigin || !win) return;
  const message: HostMessage = { source: 'esigns', type, payload };
  win.parent.postMessage(message, hostOrigin);
}

/**
 * Tells the host the frame could not open its session (expired or invalid token) when no allowed
 * list is known yet. The browser only framed this page for an origin the company allows
 * (`frame-ancestors` of `/if/{token}`), so the ancestor origin is the one to tell.
 */
export function emitSessionExpired(reason: string): void {
  if (!currentEmbeddedFrame() || !win) return;
  const origin = hostOrigin ?? ancestorOrigin();
  if (!origin) return;
  const message: HostMessage = { source: 'esigns', type: 'session.expired', payload: { reason } };
  win.parent.postMessage(message, origin);
}

function isCommand(data: unknown): data is HostCommand {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { source?: unknown }).source === 'esigns-host' &&
    ((data as { type?: unknown }).type === 'navigate' || (data as { type?: unknown }).type === 'refresh')
  );
}

/**
 * Starts the bridge once the embedded session is open: the host origin when the ancestor is in
 * `allowedOrigins`, the commands listener, the `resize` events as the page's height changes, and
 * `ready`. Answers whether a host origin was accepted.
 */
export function connectHostBridge(allowedOrigins: readonly string[], actions: BridgeActions): boolean {
  disconnect?.();
  const ancestor = ancestorOrigin();
  hostOrigin = ancestor && allowedOrigins.includes(ancestor) ? ancestor : null;
  if (!hostOrigin || !win) return false;
  const target = win;
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== hostOrigin || event.source !== target.parent || !isCommand(event.data)) return;
    if (event.data.type === 'refresh') {
      actions.refresh();
      return;
    }
    const path = framePath(event.data.payload?.path);
    if (path) actions.navigate(path);
  };
  target.addEventListener('message', onMessage);
  const stopResize = watchHeight(target);
  disconnect = () => {
    target.removeEventListener('message', onMessage);
    stopResize();
  };
  emitHostEvent('ready', { path: typeof location === 'undefined' ? '' : location.pathname });
  return true;
}

/** `resize` with the document's height whenever it changes (the host may size its frame). */
function watchHeight(target: BridgeWindow): () => void {
  if (typeof ResizeObserver === 'undefined') return () => {};
  let last = -1;
  const element = target.document.documentElement;
  const observer = new ResizeObserver(() => {
    const height = Math.ceil(element.scrollHeight);
    if (height === last) return;
    last = height;
    emitHostEvent('resize', { height });
  });
  observer.observe(element);
  return () => observer.disconnect();
}

/** Tests: another window, and a clean state. */
export function resetHostBridge(
  target: BridgeWindow | null = typeof window === 'undefined' ? null : window,
): void {
  disconnect?.();
  disconnect = null;
  hostOrigin = null;
  win = target;
}
