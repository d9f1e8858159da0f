import { useHydrated } from "~/components/use-resettable-state";
import { useZoom, ZoomToolbar } from "./zoom-controls";

/**
 * A document photo the reviewer can enlarge in place: buttons (zoom in, zoom out, reset) and, with the preview
 * focused, the + - 0 keys; the enlarged photo scrolls inside its frame. Without JavaScript the photo stays at its
 * fitted size and the "Agrandir" link beside it opens it whole.
 */
export function ZoomableImage({ src, alt }: { src: string; alt: string }) {
  const hydrated = useHydrated();
  const zoom = useZoom();
  const { scale, percent } = zoom;
  return (
    <div>
      <div
        className="h-72 overflow-auto rounded border border-slate-200 bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700"
        {...(hydrated
          ? { tabIndex: 0, role: "group", "aria-label": `${alt}, zoom ${percent} (touches + - 0)`, "aria-describedby": zoom.statusId, onKeyDown: zoom.onKeyDown }
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
      {hydrated ? <ZoomToolbar zoom={zoom} label={alt} /> : null}
    </div>
  );
}
