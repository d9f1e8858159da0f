import { createHash } from "node:crypto";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { NonceProvider } from "~/components/nonce";
import { logger } from "~/platform/logger.server";
import { coalescedWrites } from "~/platform/coalesced-writes.server";
import { holdModuleScripts } from "~/platform/held-module-script.server";
import { lowPriorityModulePreloads } from "~/platform/preload-priority.server";
import { requestInfoContext } from "~/platform/request-context";
import { pageRunsWithoutScripts, pageScriptsWaitForInteraction, STATIC_PAGE_CACHE_CONTROL } from "~/lib/page-handle";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // No nonce: a render for the public-page cache, whose policy lists the inline scripts' hashes (decision 88).
  const nonce = loadContext.get(requestInfoContext).nonce || undefined;
  if (isStaticPage(request, responseStatusCode, routerContext)) {
    return renderStaticPage(request, responseStatusCode, responseHeaders, routerContext);
  }
  // Everything else may show someone's private data.
  responseHeaders.set("Cache-Control", "no-store");
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const waitForAll = Boolean(userAgent && isbot(userAgent)) || routerContext.isSpaMode;
    const startStreaming = () => {
      shellRendered = true;
      const body = coalescedWrites();
      const marked = body.pipe(lowPriorityModulePreloads());
      const page = scriptsWaitForInteraction(routerContext) ? marked.pipe(holdModuleScripts()) : marked;
      const stream = createReadableStreamFromReadable(page);
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    };

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          if (!waitForAll) startStreaming();
        },
        onAllReady() {
          clearTimeout(abortTimer);
          if (waitForAll) startStreaming();
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, "erreur de rendu");
        },
      },
    );
    // Cleared once the page is whole, so the finished render is not held for six more seconds. React calls back only
    // once its work has started, after this line.
    const abortTimer = setTimeout(abort, streamTimeout + 1000);
  });
}

function leafMatches(routerContext: EntryContext): { handle?: unknown }[] {
  const leaf = routerContext.staticHandlerContext.matches.at(-1);
  return leaf === undefined ? [] : [{ handle: routerContext.routeModules[leaf.route.id]?.handle }];
}

/** A public form page (handle `{ scripts: "on-first-interaction" }`): its scripts wait for the visitor. */
function scriptsWaitForInteraction(routerContext: EntryContext): boolean {
  return pageScriptsWaitForInteraction(leafMatches(routerContext));
}

/** A public content page (handle `{ scripts: false }`) answered with 200 to a GET. */
function isStaticPage(request: Request, status: number, routerContext: EntryContext): boolean {
  if (request.method !== "GET" || status !== 200) return false;
  const matches = leafMatches(routerContext);
  return matches.length > 0 && pageRunsWithoutScripts(matches);
}

/**
 * Static pages are rendered whole, then validated by ETag: the browser keeps the page and asks again each time
 * ("no-cache"), and gets a 304 while nothing changed. The HTML holds no nonce (no scripts) but does hold the
 * header's signed-in state, so the tag changes with it; "private" and "Vary: Cookie" keep shared caches out.
 */
function renderStaticPage(
  request: Request,
  status: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on("data", (chunk: Buffer) => chunks.push(chunk));
    sink.on("end", () => {
      const body = Buffer.concat(chunks);
      const etag = `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
      responseHeaders.set("ETag", etag);
      responseHeaders.set("Cache-Control", STATIC_PAGE_CACHE_CONTROL);
      responseHeaders.append("Vary", "Cookie");
      if (etagMatches(request.headers.get("if-none-match"), etag)) {
        resolve(new Response(null, { status: 304, headers: withoutContentHeaders(responseHeaders) }));
        return;
      }
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(body, { status, headers: responseHeaders }));
    });
    // No nonce: the page runs no script, and a per-request value would change the tag every time.
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} />,
      {
        onAllReady() {
          clearTimeout(abortTimer);
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          logger.error({ err: error }, "erreur de rendu");
        },
      },
    );
    const abortTimer = setTimeout(abort, streamTimeout + 1000);
  });
}

function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const weak = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || weak(tag) === weak(etag));
}

function withoutContentHeaders(headers: Headers): Headers {
  const copy = new Headers(headers);
  copy.delete("Content-Type");
  copy.delete("Content-Length");
  return copy;
}

export function handleDataRequest(response: Response) {
  if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "no-store");
  return response;
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  const path = new URL(request.url).pathname;
  // A request the router refuses (POST where no action exists, unknown path): the visitor's mistake, not ours.
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger.warn({ method: request.method, path, status: error.status }, "requête refusée par le routeur");
    return;
  }
  logger.error({ err: error, path }, "erreur serveur");
}
