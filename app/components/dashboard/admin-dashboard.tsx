import type { AdminDashboard } from "~/modules/dashboard/dashboard.server";
import { DashboardHeader } from "./dashboard-header";

export function AdminDashboardView({ dashboard }: { dashboard: AdminDashboard }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <DashboardHeader firstName={dashboard.firstName} lastName={dashboard.lastName} />
      <pre className="sr-only">{JSON.stringify(dashboard)}</pre>
    </div>
  );
}
