import { useEffect, useState } from "react";
import type { Toast } from "~/platform/flash.server";

/** Announces a toast politely; it works without JavaScript and fades after a few seconds with it. */
export function ToastRegion({ toast }: { toast: Toast | null }) {
  const [visible, setVisible] = useState<Toast | null>(toast);
  useEffect(() => {
    setVisible(toast);
    if (!toast) return;
    const timer = setTimeout(() => setVisible(null), 6000);
    return () => clearTimeout(timer);
  }, [toast]);

  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      {visible ? (
        <div
          className={`pointer-events-auto w-full max-w-md rounded-lg border px-4 py-3 shadow-lg ${
            visible.tone === "error" ? "border-red-300 bg-red-50 text-red-900" : "border-green-300 bg-green-50 text-green-900"
          }`}
        >
          <p className="font-semibold">{visible.title}</p>
          {visible.description ? <p className="text-sm">{visible.description}</p> : null}
          <button
            type="button"
            onClick={() => setVisible(null)}
            className="mt-1 text-sm underline"
          >
            Fermer
          </button>
        </div>
      ) : null}
    </div>
  );
}
