import { useNavigation } from "react-router";
import { DashboardLoading } from "~/components/dashboard/dashboard-loading";

/**
 * A thin bar while a client-side navigation is pending; when the destination is the member area it also says so.
 * The live region stays mounted so that screen readers announce the message when it appears. It has no
 * role="status" so that the toast stays the page's only status region.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle";
  const toDashboard = navigation.state === "loading" && navigation.location.pathname === "/dashboard";

  return (
    <>
      {pending ? (
        <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand-100">
          <div className="h-full w-full animate-pulse bg-brand-700 motion-reduce:animate-none" />
        </div>
      ) : null}
      <div aria-live="polite" aria-atomic="true" className="pointer-events-none fixed inset-x-0 top-20 z-40 flex justify-center px-4">
        {toDashboard ? <DashboardLoading /> : null}
      </div>
    </>
  );
}
