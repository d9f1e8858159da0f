import type { MetaDescriptor } from "react-router";
import type { ReactNode } from "react";
import { BackLink } from "~/components/ui/button";
import { pageTitle } from "~/content/site";
import { caseFileMessages } from "~/modules/case-file/case-file.schema";

/** The title of a case-file form page, with the case number once known; never indexed. */
export function caseFileSubpageMeta(title: string, caseNumber: string | undefined): MetaDescriptor[] {
  return [{ title: pageTitle(caseNumber ? `${title} — dossier ${caseNumber}` : title) }, { name: "robots", content: "noindex" }];
}

/**
 * A case-file form page (add or change a payment or an identifier): the way back to its section of the case page,
 * the title and what it is for, then the form — or, for someone who may only read the case file, why there is none.
 */
export function CaseFileSubpage({
  header: { caseId, caseNumber, canEdit },
  section,
  title,
  intro,
  children,
  after,
}: {
  header: { caseId: string; caseNumber: string; canEdit: boolean };
  /** The case page's section to go back to: `paiements` or `identifiants`. */
  section: string;
  title: string;
  intro: ReactNode;
  children: ReactNode;
  /** Shown below the form's card when the case file can be edited (a deletion, say). */
  after?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <BackLink variant="link" to={`/case/${caseId}#${section}`}>
        Retour au dossier {caseNumber}
      </BackLink>
      <section className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <p className="mt-1 text-slate-700">{intro}</p>
        <div className="mt-6">{canEdit ? children : <p className="text-slate-800">{caseFileMessages.readOnly}</p>}</div>
      </section>
      {canEdit ? after : null}
    </div>
  );
}
