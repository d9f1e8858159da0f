import { data, useLocation } from "react-router";
import type { Route } from "./+types/legal-page";
import { LegalDocumentPage } from "~/components/marketing/legal-document-page";
import { legalDocumentAt } from "~/content/legal/documents";
import { staticPageHandle } from "~/lib/page-handle";
import { publicPageMeta } from "~/lib/seo";

export const handle = staticPageHandle;

export function loader({ request }: Route.LoaderArgs) {
  if (!legalDocumentAt(new URL(request.url).pathname)) throw data(null, { status: 404 });
  return null;
}

export const meta: Route.MetaFunction = (args) => {
  const document = legalDocumentAt(args.location.pathname);
  return document ? publicPageMeta(args, { title: document.title, description: document.metaDescription }) : [];
};

export default function LegalPage() {
  const document = legalDocumentAt(useLocation().pathname);
  if (!document) throw new Error("legal-page.tsx is mounted on a path without a document");
  return <LegalDocumentPage document={document} />;
}
