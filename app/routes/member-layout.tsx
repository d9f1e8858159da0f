import { Outlet } from "react-router";
import type { Route } from "./+types/member-layout";
import { requireUserMiddleware } from "~/platform/guards.server";

export const middleware: Route.MiddlewareFunction[] = [requireUserMiddleware];

export default function MemberLayout() {
  return <Outlet />;
}
