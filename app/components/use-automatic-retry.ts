import { useEffect, useEffectEvent, useRef, useState } from "react";

/**
 * A post refused for a few seconds (503 with Retry-After, decision 91) is sent again once by itself after the delay;
 * refused again, the message stays and the person sends when they choose. `answer` is the refusal (a new object for
 * each answer) or anything without a delay; `resend` posts the same fields again. True while the retry is waiting.
 * A longer delay (a rate limit's minutes) is left to the person.
 */
const MAX_AUTOMATIC_RETRY_SECONDS = 30;

export function useAutomaticRetry(answer: unknown, retryAfterSeconds: number | null | undefined, resend: () => void): boolean {
  const retried = useRef(false);
  const resendNow = useEffectEvent(resend);
  const [waiting, setWaiting] = useState(false);
  useEffect(() => {
    if (!answer || !retryAfterSeconds || retryAfterSeconds > MAX_AUTOMATIC_RETRY_SECONDS) {
      retried.current = false;
      return;
    }
    if (retried.current) {
      // The automatic retry was refused too: the next answer starts again (one retry per send of the person's).
      retried.current = false;
      return;
    }
    retried.current = true;
    setWaiting(true);
    const timer = setTimeout(() => {
      setWaiting(false);
      resendNow();
    }, retryAfterSeconds * 1000);
    return () => {
      clearTimeout(timer);
      setWaiting(false);
    };
  }, [answer, retryAfterSeconds]);
  return waiting;
}

/** What the page says while the automatic retry waits. */
export const AUTOMATIC_RETRY_TEXT = "Nouvel essai automatique dans quelques instants.";
