import { useRouteLoaderData } from "react-router";
import { operatorPlaceholders, type OperatorIdentity } from "~/content/site";
import type { loader as rootLoader } from "~/root";

/** The operator's identity as configured (the root loader reads it on the server). */
export function useOperator(): OperatorIdentity {
  return useRouteLoaderData<typeof rootLoader>("root")?.operator ?? operatorPlaceholders;
}
