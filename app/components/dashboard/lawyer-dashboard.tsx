import type { LawyerDashboard } from "~/modules/dashboard/dashboard.server";
import { DashboardHeader } from "./dashboard-header";

export function LawyerDashboardView({ dashboard }: { dashboard: LawyerDashboard }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <DashboardHeader firstName={dashboard.firstName} lastName={dashboard.lastName} />
      <pre className="sr-only">{JSON.stringify(dashboard)}</pre>
    </div>
  );
}
