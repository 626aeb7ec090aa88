import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSockets as sockets } from '../testing/fake-socket';

vi.mock('socket.io-client', async () => (await import('../testing/fake-socket')).fakeSocketIo);

const { sessionStore } = await import('../session/session-store');
const { stopRealtime, syncRealtime, useRealtimeEvent } = await import('./socket');

beforeEach(() => {
  sockets.length = 0;
});

afterEach(() => {
  cleanup();
  stopRealtime();
  sessionStore.clear();
});

describe('realtime socket', () => {
  it('does not connect without an access token', () => {
    expect(syncRealtime()).toBeNull();
    expect(sockets).toHaveLength(0);
  });

  it('connects at /socket.io with the token and the workspace header', () => {
    sessionStore.setState({
      tokens: { access_token: 'tok', refresh_token: 'r' },
      user: { _id: 'u', current_workspace: { company_id: 'ws-1' } },
    });
    syncRealtime();
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.options).toEqual({
      path: '/socket.io',
      auth: { token: 'tok' },
      extraHeaders: { workspaceid: 'ws-1' },
    });
  });

  it('reconnects on token change and disconnects on sign-out', () => {
    function Listener({ onEvent }: { onEvent: (payload: unknown) => void }) {
      useRealtimeEvent('document:updated', onEvent);
      return null;
    }
    const onEvent = vi.fn();
    sessionStore.setTokens({ access_token: 'one', refresh_token: 'r' });
    render(<Listener onEvent={onEvent} />);
    expect(sockets).toHaveLength(1);
    act(() => sockets[0]?.emitFromServer('document:updated', { id: 1 }));
    expect(onEvent).toHaveBeenCalledWith({ id: 1 });

    act(() => sessionStore.setTokens({ access_token: 'two', refresh_token: 'r' }));
    expect(sockets).toHaveLength(2);
    expect(sockets[0]?.disconnect).toHaveBeenCalled();
    expect(sockets[1]?.options.auth).toEqual({ token: 'two' });
    act(() => sockets[1]?.emitFromServer('document:updated', { id: 2 }));
    act(() => sockets[1]?.emitFromServer('other', { id: 3 }));
    expect(onEvent).toHaveBeenCalledTimes(2);

    act(() => sessionStore.clear());
    expect(sockets[1]?.disconnect).toHaveBeenCalled();
  });
});
