import { useCallback, useEffect, useState } from 'react';

/** Seconds a visitor waits between two mails of the same kind (verification, reset code). */
export const RESEND_COOLDOWN_SECONDS = 60;

/**
 * A countdown in whole seconds: `start()` begins it, `remaining` is 0 when it is over.
 * `isRunningAtStart` starts it at once (a mail was sent just before the screen opened).
 */
export function useCooldown(seconds: number = RESEND_COOLDOWN_SECONDS, isRunningAtStart = false) {
  const [remaining, setRemaining] = useState(isRunningAtStart ? seconds : 0);

  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setRemaining((value) => Math.max(0, value - 1)), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);

  const start = useCallback(() => setRemaining(seconds), [seconds]);

  return { remaining, isCoolingDown: remaining > 0, start };
}
