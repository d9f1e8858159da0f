import { Outlet } from "react-router";
import type { Route } from "./+types/admin-layout";
import { requireRoleMiddleware } from "~/platform/guards.server";

export const middleware: Route.MiddlewareFunction[] = [requireRoleMiddleware("admin")];

export default function AdminLayout() {
  return <Outlet />;
}
