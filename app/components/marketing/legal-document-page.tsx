import type { LegalDocument } from "~/content/types";
import { useOperator } from "~/components/use-operator";
import { DocumentSections, RichText } from "./rich-text";

/** A legal page: h1, introduction, table of contents, numbered sections and the version line. */
export function LegalDocumentPage({ document }: { document: LegalDocument }) {
  const operator = useOperator();
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{document.title}</h1>
      {document.intro ? (
        <p className="mt-4 text-lg text-slate-700">
          <RichText text={document.intro} />
        </p>
      ) : null}
      <div className="mt-8">
        <DocumentSections sections={document.sections} operator={operator} />
      </div>
      {document.versionFooter ? (
        <p className="mt-12 border-t border-slate-200 pt-4 text-sm text-slate-700">{document.versionFooter}</p>
      ) : null}
    </article>
  );
}
