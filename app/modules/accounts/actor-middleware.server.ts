import type { MiddlewareFunction } from "react-router";
import { clearToastCookie, readToast } from "~/platform/flash.server";
import { signInNoticeContext, toastContext } from "~/platform/guards.server";
import { actorContext } from "~/platform/request-context";
import { resolveActor } from "./accounts.server";

/**
 * Root middleware: resolves who is acting once per request (the session cookie, read by this module), and consumes
 * a pending toast. The guards of platform/guards.server.ts then read the actor from the context.
 */
export const resolveActorMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  context.set(actorContext, await resolveActor(request));
  const toast = await readToast(request);
  context.set(toastContext, toast?.signIn ? null : toast);
  context.set(signInNoticeContext, toast?.signIn ? { message: toast.title, email: toast.signIn.email } : null);
  const response = await next();
  if (toast && request.method === "GET" && !response.headers.has("location")) {
    response.headers.append("set-cookie", await clearToastCookie());
  }
  return response;
};
