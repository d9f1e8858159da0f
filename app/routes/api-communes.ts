import type { Route } from "./+types/api-communes";
import { lookUpCommunes } from "~/modules/profile/profile.server";
import { requireUser } from "~/platform/guards.server";

/** GET /api/communes?postalCode=75008 → { communes: [{ name, departmentCode, departmentName }] } (France). */
export async function loader({ url, context }: Route.LoaderArgs) {
  const actor = requireUser(context);
  const postalCode = url.searchParams.get("postalCode")?.trim() ?? "";
  const result = await lookUpCommunes(actor, postalCode);
  if (!result.ok) return Response.json({ error: result.message }, { status: 400 });
  // The list changes only with a new release of the data package: the browser may keep answers for a day.
  return Response.json({ communes: result.communes }, { headers: { "Cache-Control": "private, max-age=86400" } });
}
