import { useEffect, useRef } from 'react';
import { io, type Socket } from 'socket.io-client';
import { WORKSPACE_HEADER } from '@esigns/contracts/headers';
import { sessionStore, workspaceIdOf, type SessionState } from '../session/session-store';

export const SOCKET_PATH = '/socket.io';

type Handler = (...args: unknown[]) => void;

let socket: Socket | null = null;
let connectionKey: string | null = null;
let stopWatchingSession: (() => void) | null = null;
const handlers = new Map<string, Set<Handler>>();

function dispatch(event: string, ...args: unknown[]) {
  for (const handler of handlers.get(event) ?? []) handler(...args);
}

/**
 * Keeps one socket in step with the session: none while signed out; on sign-in, token rotation
 * or a workspace switch the old socket is closed and a new one joins the current workspace.
 */
export function syncRealtime(state: SessionState = sessionStore.getState()): Socket | null {
  const token = state.tokens?.access_token ?? null;
  const workspaceId = workspaceIdOf(state);
  const key = token ? `${token}|${workspaceId ?? ''}` : null;
  if (key === connectionKey) return socket;

  socket?.offAny(dispatch);
  socket?.disconnect();
  socket = null;
  connectionKey = key;
  if (!token) return null;

  socket = io({
    path: SOCKET_PATH,
    auth: { token },
    // Sent on the HTTP long-polling handshake, which socket.io uses before upgrading.
    extraHeaders: workspaceId ? { [WORKSPACE_HEADER]: workspaceId } : {},
  });
  socket.onAny(dispatch);
  return socket;
}

/** Starts following the session (idempotent). */
export function startRealtime(): void {
  if (stopWatchingSession) return;
  syncRealtime();
  stopWatchingSession = sessionStore.subscribe((state) => {
    syncRealtime(state);
  });
}

/** Closes the socket and stops following the session (sign-out, tests). */
export function stopRealtime(): void {
  stopWatchingSession?.();
  stopWatchingSession = null;
  syncRealtime({ ...sessionStore.getState(), tokens: null });
}

export function getRealtimeSocket(): Socket | null {
  return socket;
}

/**
 * Calls `handler` for every `event` the server pushes while the component is mounted. The
 * subscription survives reconnects, and the latest handler is always the one called.
 */
export function useRealtimeEvent<T = unknown>(
  event: string,
  handler: (payload: T, ...rest: unknown[]) => void,
): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });

  useEffect(() => {
    startRealtime();
    const listener: Handler = (payload, ...rest) => latest.current(payload as T, ...rest);
    const set = handlers.get(event) ?? new Set<Handler>();
    set.add(listener);
    handlers.set(event, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) handlers.delete(event);
    };
  }, [event]);
}
