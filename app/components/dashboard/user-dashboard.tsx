import type { UserDashboard } from "~/modules/dashboard/dashboard.server";
import { DashboardHeader } from "./dashboard-header";

export function UserDashboardView({ dashboard }: { dashboard: UserDashboard }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <DashboardHeader firstName={dashboard.profile.firstName} lastName={dashboard.profile.lastName} />
      <pre className="sr-only">{JSON.stringify(dashboard)}</pre>
    </div>
  );
}
