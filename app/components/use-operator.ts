import { useRouteLoaderData } from "react-router";
import { OWN_TERMS_SOURCE, operatorPlaceholders, type FigureKey, type FigureSource, type OperatorIdentity } from "~/content/site";
import type { loader as rootLoader } from "~/root";
import { EXAMPLE_FEE_MODEL } from "~/content/fees";
import type { FeeModel } from "~/lib/fees";

/** The operator's identity as configured (the root loader reads it on the server). */
export function useOperator(): OperatorIdentity {
  return useRouteLoaderData<typeof rootLoader>("root")?.operator ?? operatorPlaceholders;
}

/** A figure's source as configured (root loader); null when unset, which only development and tests allow. */
export function useFigureSource(key: FigureKey): FigureSource | null {
  const sources = useRouteLoaderData<typeof rootLoader>("root")?.figureSources;
  if (key === "fees") return OWN_TERMS_SOURCE;
  return sources?.[key] ?? null;
}

/** The operator's fee model as configured (root loader): every fee a page shows comes from it (decision 77). */
export function useFeeModel(): FeeModel {
  return useRouteLoaderData<typeof rootLoader>("root")?.fees ?? EXAMPLE_FEE_MODEL;
}
