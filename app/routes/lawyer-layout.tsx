import { Outlet } from "react-router";
import type { Route } from "./+types/lawyer-layout";
import { requireRoleMiddleware } from "~/platform/guards.server";

export const middleware: Route.MiddlewareFunction[] = [requireRoleMiddleware("lawyer")];

export default function LawyerLayout() {
  return <Outlet />;
}
