import { data } from "react-router";
import { NotFoundMessage } from "~/components/not-found-message";
import type { Route } from "./+types/not-found";
import { pageTitle } from "~/content/site";
import { logger } from "~/platform/logger.server";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Page introuvable") }, { name: "robots", content: "noindex" }];

export function loader({ url }: Route.LoaderArgs) {
  logger.info({ path: url.pathname }, "page introuvable");
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundMessage />;
}
