import { useEffect, useState } from "react";
import { useHydrated, useResettableState } from "./use-resettable-state";
import type { Toast } from "~/platform/flash.server";

const DISPLAY_MS = 6000;

/**
 * Announces a toast politely. Without JavaScript it simply stays on the page. With it, it fades after a few
 * seconds, but not while the pointer or the keyboard focus is on it (WCAG 2.2.1), and it can be closed.
 */
export function ToastRegion({ toast }: { toast: Toast | null }) {
  const [visible, setVisible] = useResettableState<Toast | null>(toast);
  const [paused, setPaused] = useState(false);
  const interactive = useHydrated();
  useEffect(() => {
    if (!visible || paused) return;
    const timer = setTimeout(() => setVisible(null), DISPLAY_MS);
    return () => clearTimeout(timer);
  }, [visible, paused, setVisible]);

  const error = visible?.tone === "error";

  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      {visible ? (
        <div
          onMouseEnter={() => setPaused(true)}
          onMouseLeave={() => setPaused(false)}
          onFocus={() => setPaused(true)}
          onBlur={() => setPaused(false)}
          className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-lg border px-4 py-3 shadow-lg ${
            error ? "border-red-300 bg-red-50 text-red-900" : "border-green-300 bg-green-50 text-green-900"
          }`}
        >
          <span
            aria-hidden="true"
            className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full border-2 border-current text-xs font-bold"
          >
            {error ? "!" : "✓"}
          </span>
          <div className="min-w-0 flex-1">
            <p className="font-semibold">{visible.title}</p>
            {visible.description ? <p className="text-sm">{visible.description}</p> : null}
          </div>
          {interactive ? (
            <button
              type="button"
              onClick={() => {
                setVisible(null);
                setPaused(false);
              }}
              className="shrink-0 rounded text-sm font-medium underline underline-offset-2"
            >
              Fermer<span className="sr-only"> la notification</span>
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
