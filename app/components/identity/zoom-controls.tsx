import { useId, useState, type KeyboardEvent } from "react";
import { buttonClasses } from "~/components/ui/button";

const STEPS = [1, 1.5, 2, 3, 4] as const;
const BUTTON = buttonClasses({ variant: "secondary", size: "sm" }, "min-w-11 aria-disabled:opacity-50");

export interface Zoom {
  scale: number;
  percent: string;
  statusId: string;
  atMinimum: boolean;
  atMaximum: boolean;
  zoomIn(): void;
  zoomOut(): void;
  reset(): void;
  /** The + - 0 keys on the focused preview. */
  onKeyDown(event: KeyboardEvent<HTMLElement>): void;
}

/** The zoom levels shared by the console's previews (photos and PDF pages): 100 % to 400 %. */
export function useZoom(): Zoom {
  const [level, setLevel] = useState(0);
  const statusId = useId();
  const scale = STEPS[level]!;
  const zoomIn = () => setLevel((current) => Math.min(STEPS.length - 1, current + 1));
  const zoomOut = () => setLevel((current) => Math.max(0, current - 1));
  const reset = () => setLevel(0);
  return {
    scale,
    percent: `${Math.round(scale * 100)}\u202f%`,
    statusId,
    atMinimum: level === 0,
    atMaximum: level === STEPS.length - 1,
    zoomIn,
    zoomOut,
    reset,
    onKeyDown(event) {
      if (event.key === "+" || event.key === "=") zoomIn();
      else if (event.key === "-") zoomOut();
      else if (event.key === "0") reset();
      else return;
      event.preventDefault();
    },
  };
}

/** Zoom arrière / Zoom avant / Réinitialiser, and the level announced politely. */
export function ZoomToolbar({ zoom, label }: { zoom: Zoom; label: string }) {
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2" role="toolbar" aria-label={`Zoom\u202f: ${label}`}>
      <button type="button" className={BUTTON} onClick={zoom.zoomOut} aria-disabled={zoom.atMinimum} aria-label="Zoom arrière">
        −
      </button>
      <button type="button" className={BUTTON} onClick={zoom.zoomIn} aria-disabled={zoom.atMaximum} aria-label="Zoom avant">
        +
      </button>
      <button type="button" className={BUTTON} onClick={zoom.reset} aria-disabled={zoom.atMinimum}>
        Réinitialiser
      </button>
      <span id={zoom.statusId} aria-live="polite" className="text-sm">
        Zoom&#x202f;: {zoom.percent}
      </span>
    </div>
  );
}
