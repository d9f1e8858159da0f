import { data } from "react-router";
import type { Route } from "./+types/admin-not-found";
import { logger } from "~/platform/logger.server";

/** Admin screens land with the back-office issues; until then every /admin path is a 404, behind the admin guard. */
export function loader({ request }: Route.LoaderArgs) {
  logger.info({ path: new URL(request.url).pathname }, "page introuvable");
  throw data(null, { status: 404 });
}

export default function AdminNotFound() {
  return null;
}
