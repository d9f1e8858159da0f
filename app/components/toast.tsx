import { Link } from "react-router";
import { useHydrated, useResettableState } from "./use-resettable-state";
import type { Toast } from "~/platform/flash.server";

/**
 * The message that follows an action ('Profil mis à jour'), shown at the top of the next page, in the flow of
 * the page: it never covers a button or a field. It stays until it is closed or the person moves on (no timer:
 * WCAG 2.2.1, and a toast that holds an action must not vanish before it is used).
 *
 * The live region is a plain `aria-live` container that is always there (so the message is announced); the
 * message itself is the page's `status`, present only while there is one.
 */
export function ToastRegion({ toast }: { toast: Toast | null }) {
  const [visible, setVisible] = useResettableState<Toast | null>(toast);
  const interactive = useHydrated();
  const error = visible?.tone === "error";

  return (
    <div aria-live="polite" aria-atomic="true" className="empty:hidden">
      {visible ? (
        <div className="mx-auto max-w-6xl px-4 pt-4">
          <div
            role="status"
            className={`flex items-start gap-3 rounded-lg border px-4 py-3 shadow-sm ${
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
              {visible.action ? (
                <Link
                  to={visible.action.to}
                  className="mt-1 inline-flex min-h-11 items-center font-semibold underline underline-offset-2"
                >
                  {visible.action.label}
                </Link>
              ) : null}
            </div>
            {interactive ? (
              <button
                type="button"
                onClick={() => setVisible(null)}
                className="inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded text-sm font-medium underline underline-offset-2"
              >
                Fermer<span className="sr-only"> la notification</span>
              </button>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
