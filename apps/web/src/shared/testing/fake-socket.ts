import { vi } from 'vitest';

type AnyHandler = (event: string, ...args: unknown[]) => void;

/** A socket.io client socket as the app uses it: catch-all listeners and disconnect. */
export type FakeSocket = {
  /** What the app passed to `io(...)`. */
  options: Record<string, unknown>;
  anyHandlers: AnyHandler[];
  onAny: (fn: AnyHandler) => void;
  offAny: (fn: AnyHandler) => void;
  disconnect: ReturnType<typeof vi.fn>;
  /** Delivers `event` to the socket's catch-all listeners, as the server would. */
  emitFromServer: (event: string, ...args: unknown[]) => void;
};

/** Every socket the app opened, oldest first; a test empties it before it starts. */
export const fakeSockets: FakeSocket[] = [];

/**
 * The `socket.io-client` module of a test: `io()` opens a fake socket and records it in
 * `fakeSockets`. Use it as `vi.mock('socket.io-client', async () =>
 * (await import('.../shared/testing/fake-socket')).fakeSocketIo)`.
 */
export const fakeSocketIo = {
  io: (options: Record<string, unknown> = {}): FakeSocket => {
    const socket: FakeSocket = {
      options,
      anyHandlers: [],
      onAny(fn) {
        this.anyHandlers.push(fn);
      },
      offAny(fn) {
        this.anyHandlers = this.anyHandlers.filter((handler) => handler !== fn);
      },
      disconnect: vi.fn(),
      emitFromServer(event, ...args) {
        for (const handler of this.anyHandlers) handler(event, ...args);
      },
    };
    fakeSockets.push(socket);
    return socket;
  },
};
