import { data, type ServerBuild } from "react-router";
import { ForbiddenError, NotFoundError } from "./actor";
import { DATABASE_UNAVAILABLE_TEXT, isDatabaseUnavailable } from "./database-errors";
import { logger } from "./logger.server";

/** What the 404 and 403 pages receive from a module's refusal. */
export interface RefusalData {
  refusal: 403 | 404;
  /** The module's own sentence ('Vous n'avez pas accès à ce dossier'), when it gave one. */
  message: string | null;
}

/**
 * The one mapping from the modules' refusals to HTTP: a NotFoundError escaping a loader or an action becomes the
 * 404 page, a ForbiddenError the 403 page, never a 500; a database out of reach the French 503 page (decision 0053).
 * Anything else passes through unchanged.
 */
export function refusalResponse(error: unknown): unknown {
  if (error instanceof NotFoundError) return data<RefusalData>({ refusal: 404, message: error.publicMessage ?? null }, { status: 404 });
  if (error instanceof ForbiddenError) return data<RefusalData>({ refusal: 403, message: error.publicMessage ?? null }, { status: 403 });
  if (isDatabaseUnavailable(error)) {
    logger.warn({ err: error }, "base de données injoignable : 503");
    return data({ unavailable: true, formError: DATABASE_UNAVAILABLE_TEXT }, { status: 503, headers: { "Retry-After": "5" } });
  }
  return error;
}

type Handler = (args: never) => unknown;

function mapped<H extends Handler>(handler: H): H {
  return (async (args: never) => {
    try {
      return await handler(args);
    } catch (error) {
      throw refusalResponse(error);
    }
  }) as unknown as H;
}

const wrapped = new WeakMap<ServerBuild, ServerBuild>();

/** The server build with every route module's loader and action going through refusalResponse. */
export function withRefusalsMapped(build: ServerBuild): ServerBuild {
  const cached = wrapped.get(build);
  if (cached) return cached;
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const module = { ...route.module };
    if (module.loader) module.loader = mapped(module.loader);
    if (module.action) module.action = mapped(module.action);
    // The root middleware reads the session: a database out of reach there is a 503 too.
    if (module.middleware) {
      module.middleware = module.middleware.map((fn) => async (args: Parameters<typeof fn>[0], next: Parameters<typeof fn>[1]) => {
        try {
          return await fn(args, next);
        } catch (error) {
          throw refusalResponse(error);
        }
      }) as typeof module.middleware;
    }
    routes[id] = { ...route, module };
  }
  const result: ServerBuild = { ...build, routes };
  wrapped.set(build, result);
  return result;
}
