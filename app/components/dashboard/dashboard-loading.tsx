import { Spinner } from "~/components/ui/spinner";

export const DASHBOARD_LOADING_TEXT = "Chargement de votre espace...";

/** Shown while the member area loads (spec §2, Dashboard). */
export function DashboardLoading({ text = DASHBOARD_LOADING_TEXT }: { text?: string }) {
  return (
    <p className="flex items-center gap-3 rounded-lg bg-white px-5 py-4 font-medium text-slate-800 shadow-lg ring-1 ring-slate-200">
      <Spinner className="size-6 border-brand-700" />
      {text}
    </p>
  );
}
