import type { Route } from "./+types/dashboard";
import { AdminDashboardView } from "~/components/dashboard/admin-dashboard";
import { LawyerDashboardView } from "~/components/dashboard/lawyer-dashboard";
import { UserDashboardView } from "~/components/dashboard/user-dashboard";
import { pageTitle } from "~/content/site";
import { dashboardFor } from "~/modules/dashboard/dashboard.server";
import { requireUser } from "~/platform/guards.server";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Mon espace") }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  return dashboardFor(requireUser(context));
}

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.view === "admin") return <AdminDashboardView dashboard={loaderData} />;
  if (loaderData.view === "lawyer") return <LawyerDashboardView dashboard={loaderData} />;
  return <UserDashboardView dashboard={loaderData} />;
}
