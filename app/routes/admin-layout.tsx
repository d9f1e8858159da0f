import { data, Outlet } from "react-router";
import type { Route } from "./+types/admin-layout";
import { currentActor, requireRoleMiddleware } from "~/platform/guards.server";
import { mustEnrolSecondFactor } from "~/platform/actor";

/**
 * Every admin page and action is for admins alone. A signed-in user or lawyer opening a page is sent to their
 * dashboard; posting to an action is refused outright with 403 (nothing to show, nothing done).
 */
const refuseOthersActions: Route.MiddlewareFunction = ({ request, context }, next) => {
  const actor = currentActor(context);
  if (request.method !== "GET" && request.method !== "HEAD" && actor.kind === "user" && !mustEnrolSecondFactor(actor) && actor.role !== "admin") {
    throw data({ formError: "Action réservée aux administrateurs." }, { status: 403 });
  }
  return next();
};

export const middleware: Route.MiddlewareFunction[] = [refuseOthersActions, requireRoleMiddleware("admin")];

export default function AdminLayout() {
  return <Outlet />;
}
