import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCooldown } from './use-cooldown';

afterEach(() => {
  vi.useRealTimers();
});

describe('useCooldown', () => {
  it('counts down whole seconds after start and can run again', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCooldown(3));
    expect(result.current.isCoolingDown).toBe(false);
    act(() => result.current.start());
    expect(result.current.remaining).toBe(3);
    act(() => void vi.advanceTimersByTime(999));
    expect(result.current.remaining).toBe(3);
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current.remaining).toBe(2);
    act(() => void vi.advanceTimersByTime(1000));
    act(() => void vi.advanceTimersByTime(1000));
    expect(result.current.remaining).toBe(0);
    expect(result.current.isCoolingDown).toBe(false);
    act(() => void vi.advanceTimersByTime(5000));
    expect(result.current.remaining).toBe(0);
    act(() => result.current.start());
    expect(result.current.remaining).toBe(3);
  });

  it('can start running', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCooldown(60, true));
    expect(result.current.remaining).toBe(60);
  });
});
