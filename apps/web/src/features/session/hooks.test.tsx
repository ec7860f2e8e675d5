import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { countdownSeconds, createThrottle, useCountdown, useThrottle } from './hooks';

afterEach(() => vi.useRealTimers());

describe('throttle (§5: captcha refresh, SMS button — once per second)', () => {
  it('runs the first call, drops calls within 1000 ms, runs again after', () => {
    let now = 10_000;
    const fn = vi.fn();
    const th = createThrottle(fn, 1000, () => now);
    expect(th()).toBe(true);
    now += 400;
    expect(th()).toBe(false);
    now += 599;
    expect(th()).toBe(false);
    now += 1;
    expect(th()).toBe(true);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('useThrottle calls the latest function', () => {
    vi.useFakeTimers();
    const a = vi.fn();
    const b = vi.fn();
    const { result, rerender } = renderHook(({ fn }) => useThrottle(fn), { initialProps: { fn: a } });
    act(() => void result.current());
    rerender({ fn: b });
    act(() => void result.current());
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    act(() => void result.current());
    expect(b).toHaveBeenCalledTimes(1);
  });
});

describe('SMS countdown (§4: expiredMinutes × 60 s)', () => {
  it('lasts expiredMinutes × 60 seconds', () => {
    expect(countdownSeconds(5)).toBe(300);
    expect(countdownSeconds(1)).toBe(60);
  });

  it('counts down once a second and stops at 0', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCountdown());
    expect(result.current.running).toBe(false);
    act(() => result.current.start(3));
    expect(result.current.seconds).toBe(3);
    expect(result.current.running).toBe(true);
    act(() => void vi.advanceTimersByTime(1000));
    expect(result.current.seconds).toBe(2);
    act(() => void vi.advanceTimersByTime(2000));
    expect(result.current.seconds).toBe(0);
    expect(result.current.running).toBe(false);
  });
});
