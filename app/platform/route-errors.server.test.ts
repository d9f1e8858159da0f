import { isRouteErrorResponse, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { ForbiddenError, NotFoundError } from "./actor";
import { refusalResponse, withRefusalsMapped } from "./route-errors.server";

/** What React Router does with a value thrown by a loader: a data() answer becomes an error response with its status. */
function thrownStatus(thrown: unknown): number | "error" {
  if (thrown && typeof thrown === "object" && "init" in thrown && "data" in thrown) {
    return (thrown as { init: { status: number } }).init.status;
  }
  return isRouteErrorResponse(thrown) ? thrown.status : "error";
}

function buildWith(module: Record<string, unknown>): ServerBuild {
  return { routes: { "routes/page": { id: "routes/page", path: "page", module } } } as unknown as ServerBuild;
}

describe("module refusals in loaders and actions", () => {
  it("maps NotFoundError to 404 and ForbiddenError to 403, with the module's sentence when it gave one", () => {
    const notFound = refusalResponse(new NotFoundError("Vous n'avez pas accès à ce dossier")) as { data: unknown; init: { status: number } };
    expect(notFound.init.status).toBe(404);
    expect(notFound.data).toEqual({ refusal: 404, message: "Vous n'avez pas accès à ce dossier" });
    const forbidden = refusalResponse(new ForbiddenError()) as { data: unknown; init: { status: number } };
    expect(forbidden.init.status).toBe(403);
    expect(forbidden.data).toEqual({ refusal: 403, message: null });
  });

  it("lets every other error through unchanged", () => {
    const failure = new Error("base indisponible");
    expect(refusalResponse(failure)).toBe(failure);
  });

  it("wraps every route module's loader and action, and nothing else", async () => {
    const page = { loader: async () => { throw new NotFoundError(); }, action: async () => { throw new ForbiddenError("Réservé aux clients."); }, meta: () => [] };
    const original = buildWith(page);
    const build = withRefusalsMapped(original);
    const route = build.routes["routes/page"]!.module;
    const loaded = await (route.loader as () => Promise<unknown>)().catch((thrown: unknown) => thrown);
    expect(thrownStatus(loaded)).toBe(404);
    const acted = await (route.action as () => Promise<unknown>)().catch((thrown: unknown) => thrown);
    expect(thrownStatus(acted)).toBe(403);
    expect(route.meta).toBe(page.meta);
    // Successful handlers answer as before, and the same build is wrapped once.
    const quiet = withRefusalsMapped(buildWith({ loader: async () => ({ ok: true }) }));
    expect(await (quiet.routes["routes/page"]!.module.loader as () => Promise<unknown>)()).toEqual({ ok: true });
    expect(withRefusalsMapped(original)).toBe(build);
  });

  it("leaves an unexpected error to the 500 path", async () => {
    const build = withRefusalsMapped(buildWith({ loader: async () => { throw new TypeError("boom"); } }));
    const thrown = await (build.routes["routes/page"]!.module.loader as () => Promise<unknown>)().catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(TypeError);
  });
});
