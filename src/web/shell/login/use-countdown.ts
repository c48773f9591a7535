import { useCallback, useEffect, useState } from 'react';

/** Seconds left before a code may be sent again; `start()` begins a new wait. */
export function useCountdown(seconds: number): { left: number; start: () => void } {
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt <= now) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [endsAt, now]);
  const start = useCallback(() => {
    const current = Date.now();
    setNow(current);
    setEndsAt(current + seconds * 1000);
  }, [seconds]);
  return { left: Math.max(0, Math.ceil((endsAt - now) / 1000)), start };
}

/** Spec: the registration code can be sent again after 60 seconds. */
export const RESEND_SECONDS = 60;
