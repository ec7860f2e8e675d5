/** Small timing hooks of the account screens: throttles (§5, §9: 1000 ms) and the SMS countdown (§4). */
import { useCallback, useEffect, useRef, useState } from 'react';
import { LIMITS } from '@lobby/contract';

/**
 * A leading-edge throttle: the first call runs at once, later calls within `ms` are dropped.
 * Returns true when the call ran.
 */
export function createThrottle<A extends unknown[]>(fn: (...args: A) => void, ms: number = LIMITS.throttleMs, now: () => number = Date.now) {
  let last = -Infinity;
  return (...args: A): boolean => {
    const t = now();
    if (t - last < ms) return false;
    last = t;
    fn(...args);
    return true;
  };
}

/** createThrottle as a hook; always calls the latest `fn`. */
export function useThrottle<A extends unknown[]>(fn: (...args: A) => void, ms: number = LIMITS.throttleMs): (...args: A) => boolean {
  const fnRef = useRef(fn);
  useEffect(() => {
    fnRef.current = fn;
  });
  const last = useRef(-Infinity);
  return useCallback(
    (...args: A) => {
      const t = Date.now();
      if (t - last.current < ms) return false;
      last.current = t;
      fnRef.current(...args);
      return true;
    },
    [ms],
  );
}

/** Seconds of the SMS-button countdown for a code that expires in `expiredMinutes` (§4, §9). */
export function countdownSeconds(expiredMinutes: number): number {
  return Math.max(1, Math.round(expiredMinutes * LIMITS.smsSecondsPerExpiryMinute));
}

/** A seconds countdown: `start(n)` then `seconds` goes n, n-1, … 0 once a second. */
export function useCountdown(): { seconds: number; running: boolean; start: (n: number) => void; reset: () => void } {
  const [endAt, setEndAt] = useState<number | null>(null);
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (endAt === null) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((endAt - Date.now()) / 1000));
      setSeconds(left);
      if (left === 0) setEndAt(null);
    };
    const id = setInterval(tick, 1000);
    return () => clearInterval(id);
  }, [endAt]);
  const start = useCallback((n: number) => {
    setSeconds(n);
    setEndAt(Date.now() + n * 1000);
  }, []);
  const reset = useCallback(() => {
    setEndAt(null);
    setSeconds(0);
  }, []);
  return { seconds, running: seconds > 0, start, reset };
}
