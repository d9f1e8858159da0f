import { useId, useState, type KeyboardEvent } from "react";
import { useHydrated } from "~/components/use-resettable-state";

const STEPS = [1, 1.5, 2, 3, 4] as const;
const BUTTON =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border border-slate-400 bg-white px-3 font-semibold text-slate-900 hover:bg-slate-100 aria-disabled:opacity-50";

/**
 * A document photo the reviewer can enlarge in place: buttons (zoom in, zoom out, reset) and, with the preview
 * focused, the + - 0 keys; the enlarged photo scrolls inside its frame. Without JavaScript the photo stays at its
 * fitted size and the "Agrandir" link beside it opens it whole.
 */
export function ZoomableImage({ src, alt }: { src: string; alt: string }) {
  const hydrated = useHydrated();
  const [level, setLevel] = useState(0);
  const statusId = useId();
  const scale = STEPS[level]!;
  const zoomIn = () => setLevel((current) => Math.min(STEPS.length - 1, current + 1));
  const zoomOut = () => setLevel((current) => Math.max(0, current - 1));
  const reset = () => setLevel(0);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "+" || event.key === "=") zoomIn();
    else if (event.key === "-") zoomOut();
    else if (event.key === "0") reset();
    else return;
    event.preventDefault();
  };
  const percent = `${Math.round(scale * 100)} %`;
  return (
    <div>
      <div
        className="h-72 overflow-auto rounded border border-slate-200 bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700"
        {...(hydrated
          ? { tabIndex: 0, role: "group", "aria-label": `${alt}, zoom ${percent} (touches + - 0)`, "aria-describedby": statusId, onKeyDown }
          : {})}
      >
        <img
          src={src}
          alt={alt}
          loading="lazy"
          className={scale === 1 ? "h-full w-full object-contain" : "h-auto max-w-none"}
          style={scale === 1 ? undefined : { width: `${scale * 100}%` }}
        />
      </div>
      {hydrated ? (
        <div className="mt-2 flex flex-wrap items-center gap-2" role="toolbar" aria-label={`Zoom : ${alt}`}>
          <button type="button" className={BUTTON} onClick={zoomOut} aria-disabled={level === 0} aria-label="Zoom arrière">
            −
          </button>
          <button type="button" className={BUTTON} onClick={zoomIn} aria-disabled={level === STEPS.length - 1} aria-label="Zoom avant">
            +
          </button>
          <button type="button" className={BUTTON} onClick={reset} aria-disabled={level === 0}>
            Réinitialiser
          </button>
          <span id={statusId} aria-live="polite" className="text-sm">
            Zoom : {percent}
          </span>
        </div>
      ) : null}
    </div>
  );
}
