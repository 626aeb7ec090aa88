import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useValueAutosave } from './use-value-autosave';

function setUp() {
  const save = vi.fn(async () => undefined);
  const hook = renderHook(() => useValueAutosave(save, 60_000));
  return { save, hook };
}

describe('useValueAutosave', () => {
  it('waits for the pause before saving a change, but saves at once when the input loses focus', async () => {
    const { save, hook } = setUp();
    act(() => hook.result.current.queue('note', 'Flat 4B'));
    expect(save).not.toHaveBeenCalled();
    act(() => hook.result.current.saveNow());
    expect(save).toHaveBeenCalledWith({ note: 'Flat 4B' }, { keepalive: false });
    await act(async () => undefined);
    // Nothing waits any more: another blur sends nothing.
    act(() => hook.result.current.saveNow());
    expect(save).toHaveBeenCalledTimes(1);
    hook.unmount();
  });

  it('saves what waits with keepalive when the tab is closed (pagehide) or hidden', async () => {
    const { save, hook } = setUp();
    act(() => hook.result.current.queue('note', 'Flat 4B'));
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(save).toHaveBeenCalledWith({ note: 'Flat 4B' }, { keepalive: true });
    await act(async () => undefined);

    act(() => hook.result.current.queue('city', 'Pune'));
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    visibility.mockRestore();
    expect(save).toHaveBeenLastCalledWith({ city: 'Pune' }, { keepalive: true });
    hook.unmount();
  });
});
