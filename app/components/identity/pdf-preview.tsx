import { useEffect, useRef, useState } from "react";
import type { PDFDocumentProxy, PDFWorker, RenderTask } from "pdfjs-dist";
// The worker is bundled into build/client/assets and served by the app itself: same origin, no CDN.
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import { useHydrated } from "~/components/use-resettable-state";
import { useZoom, ZoomToolbar } from "./zoom-controls";

/** Pages drawn in the console; longer documents say so and keep "Ouvrir" for the rest. */
export const MAX_PREVIEW_PAGES = 10;
/** Pixels per canvas, whatever the zoom and screen density (a 400 % A4 page would otherwise take ~90 MB). */
const MAX_CANVAS_PIXELS = 12_000_000;

type PdfJs = typeof import("pdfjs-dist");
let pdfJs: Promise<{ lib: PdfJs; worker: PDFWorker }> | undefined;

/** pdf.js and one worker for the whole page, loaded on first use (never on the server). */
function loadPdfJs() {
  pdfJs ??= import("pdfjs-dist").then((lib) => {
    lib.GlobalWorkerOptions.workerSrc = workerUrl;
    return { lib, worker: new lib.PDFWorker() };
  });
  pdfJs.catch(() => {
    pdfJs = undefined;
  });
  return pdfJs;
}

type PreviewState = { kind: "loading" } | { kind: "ready"; pageCount: number; shown: number } | { kind: "failed" };

function isCancellation(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === "RenderingCancelledException" || name === "AbortException";
}

/**
 * A PDF drawn page by page into canvases with Mozilla's pdf.js, from the reviewer's own 60-second link (src
 * answers with a fresh signed redirect). Nothing in the PDF runs: no scripts (pdf.js never executes them without
 * its viewer's sandbox, which is not loaded), no eval (isEvalSupported false), no WebAssembly (useWasm false, so
 * the page's CSP needs no 'wasm-unsafe-eval'), no XFA forms, no links (no annotation layer: the page is pixels).
 * Zoom as for photos; "Ouvrir" and "Télécharger" beside it remain for when drawing fails or without JavaScript.
 */
export function PdfPreview({ src, name }: { src: string; name: string }) {
  const hydrated = useHydrated();
  const zoom = useZoom();
  const frame = useRef<HTMLDivElement>(null);
  const documentRef = useRef<PDFDocumentProxy | null>(null);
  const [near, setNear] = useState(false);
  const [state, setState] = useState<PreviewState>({ kind: "loading" });

  // Fetch and parse only once the preview is near the screen (each opening is a journal entry).
  useEffect(() => {
    const element = frame.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: "200px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  useEffect(() => {
    if (!near) return;
    let cancelled = false;
    let destroy: (() => Promise<void>) | undefined;
    loadPdfJs()
      .then(({ lib, worker }) => {
        if (cancelled) return null;
        const task = lib.getDocument({
          url: src,
          worker,
          isEvalSupported: false,
          useWasm: false,
          // Our own copies (vite-pdfjs-data.ts): fonts PDFs do not embed, CJK CMaps, the JS JPEG 2000 decoder.
          wasmUrl: "/pdfjs/wasm/",
          standardFontDataUrl: "/pdfjs/standard_fonts/",
          cMapUrl: "/pdfjs/cmaps/",
          enableXfa: false,
          disableRange: true,
          disableAutoFetch: true,
          stopAtErrors: false,
        });
        destroy = () => task.destroy();
        return task.promise;
      })
      .then((document) => {
        if (cancelled || !document) return;
        documentRef.current = document;
        setState({ kind: "ready", pageCount: document.numPages, shown: Math.min(document.numPages, MAX_PREVIEW_PAGES) });
      })
      .catch((error: unknown) => {
        if (!cancelled && !isCancellation(error)) setState({ kind: "failed" });
      });
    return () => {
      cancelled = true;
      documentRef.current = null;
      void destroy?.().catch(() => undefined);
    };
  }, [near, src]);

  const { scale } = zoom;
  const shown = state.kind === "ready" ? state.shown : 0;
  useEffect(() => {
    const document = documentRef.current;
    const element = frame.current;
    if (!document || !element || shown === 0) return;
    let cancelled = false;
    const tasks: RenderTask[] = [];
    const canvases = Array.from(element.querySelectorAll("canvas"));
    // The page fills the frame's width at 100 %; a new zoom level redraws it sharp at its new size.
    const fitWidth = Math.max(element.clientWidth - 16, 200);
    (async () => {
      for (let index = 0; index < shown; index += 1) {
        const canvas = canvases[index];
        if (!canvas) return;
        const page = await document.getPage(index + 1);
        if (cancelled) return;
        const natural = page.getViewport({ scale: 1 });
        const cssScale = (fitWidth * scale) / natural.width;
        const density = Math.min(
          window.devicePixelRatio || 1,
          Math.sqrt(MAX_CANVAS_PIXELS / (natural.width * natural.height * cssScale * cssScale)),
        );
        const viewport = page.getViewport({ scale: cssScale * density });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = `${Math.floor(natural.width * cssScale)}px`;
        canvas.style.height = `${Math.floor(natural.height * cssScale)}px`;
        const task = page.render({ canvas, viewport });
        tasks.push(task);
        await task.promise;
        if (cancelled) return;
      }
    })().catch((error: unknown) => {
      if (!cancelled && !isCancellation(error)) setState({ kind: "failed" });
    });
    return () => {
      cancelled = true;
      for (const task of tasks) task.cancel();
    };
  }, [shown, scale]);

  const label = `${name}, PDF`;
  const pageCount = state.kind === "ready" ? state.pageCount : 0;
  return (
    <div>
      <div
        ref={frame}
        className="h-72 overflow-auto rounded border border-slate-200 bg-slate-100 p-2 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700"
        {...(hydrated && state.kind === "ready"
          ? { tabIndex: 0, role: "group", "aria-label": `${label}, zoom ${zoom.percent} (touches + - 0)`, "aria-describedby": zoom.statusId, onKeyDown: zoom.onKeyDown }
          : {})}
      >
        {state.kind === "ready" ? (
          <div className="flex w-max min-w-full flex-col items-center gap-2">
            {Array.from({ length: state.shown }, (_, index) => (
              <canvas key={index} role="img" aria-label={`Page ${index + 1} sur ${pageCount}\u202f: ${name}`} className="bg-white shadow" />
            ))}
          </div>
        ) : state.kind === "failed" ? (
          <p role="alert" className="p-2 text-sm font-semibold text-red-900">
            L'aperçu de ce PDF n'a pas pu être affiché. Utilisez « Ouvrir » ou « Télécharger » ci-dessous.
          </p>
        ) : (
          <p className="p-2 text-sm">{hydrated ? "Chargement de l'aperçu du PDF…" : "Document PDF\u202f: ouvrez-le avec le lien ci-dessous."}</p>
        )}
      </div>
      {state.kind === "ready" ? (
        <>
          <p className="mt-2 text-sm">
            {pageCount} page{pageCount > 1 ? "s" : ""}
            {state.shown < pageCount ? ` (les ${state.shown} premières sont affichées\u202f; ouvrez le document pour la suite)` : ""}
          </p>
          <ZoomToolbar zoom={zoom} label={label} />
        </>
      ) : null}
    </div>
  );
}
