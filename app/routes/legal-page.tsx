import { data, useLoaderData, useLocation } from "react-router";
import type { Route } from "./+types/legal-page";
import { LegalDocumentPage } from "~/components/marketing/legal-document-page";
import { legalDocumentAt } from "~/content/legal/documents";
import { privacyPolicyFor } from "~/content/legal/privacy-policy";
import { retentionRules, STRICTLY_NECESSARY_COOKIES } from "~/modules/privacy/retention";
import { staticPageHandle } from "~/lib/page-handle";
import { publicPageMeta, siteInfo } from "~/content/seo";
import { EXAMPLE_FEE_MODEL } from "~/content/fees";
import { useFeeModel } from "~/components/use-operator";
import { env } from "~/platform/env.server";

export const handle = staticPageHandle;

const PRIVACY_POLICY_PATH = "/politique-confidentialite";

export function loader({ url }: Route.LoaderArgs) {
  if (!legalDocumentAt(url.pathname, EXAMPLE_FEE_MODEL)) throw data(null, { status: 404 });
  // The retention table shows the durations the jobs apply, including the configured one (decision 0044).
  return { retention: { identityDocumentDays: env().IDENTITY_DOCUMENT_RETENTION_DAYS } };
}

export const meta: Route.MetaFunction = (args) => {
  const document = legalDocumentAt(args.location.pathname, siteInfo(args.matches).fees);
  return document ? publicPageMeta(args, { title: document.title, description: document.metaDescription }) : [];
};

export default function LegalPage() {
  const { pathname } = useLocation();
  const { retention } = useLoaderData<typeof loader>();
  const fees = useFeeModel();
  const document =
    pathname === PRIVACY_POLICY_PATH
      ? privacyPolicyFor({ retention: retentionRules(retention), cookies: STRICTLY_NECESSARY_COOKIES })
      : legalDocumentAt(pathname, fees);
  if (!document) throw new Error("legal-page.tsx is mounted on a path without a document");
  return <LegalDocumentPage document={document} />;
}
