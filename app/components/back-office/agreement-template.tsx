import { amountHtTtc, BASE_FEE_DUE_TEXT, percentHtTtc, type FeeModel } from "~/lib/fees";
import { SECTION_KIND_LABELS, type TemplateSection } from "~/modules/agreements/agreements.schema";

/** Said on every page of the templates: what a new version does not do. */
export const TEMPLATE_VERSIONS_NOTE =
  "Une nouvelle version ne modifie jamais une convention déjà proposée ou signée\u202f: chaque convention garde la version à partir de laquelle elle a été établie.";

/** The operator's fee model, which a version's bounds may not exceed (decision 77). */
export function FeeModelSummary({ model }: { model: FeeModel }) {
  return (
    <section aria-labelledby="titre-modele-honoraires" className="mt-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="titre-modele-honoraires" className="text-xl font-bold text-slate-900">
        Modèle d'honoraires annoncé sur le site{model.example ? " (exemple de développement)" : ""}
      </h2>
      <dl className="mt-3 grid gap-2 sm:grid-cols-2">
        <div>
          <dt className="font-semibold text-slate-900">Honoraires de diligence</dt>
          <dd>
            {amountHtTtc(model.baseFeeCents)}, payables {BASE_FEE_DUE_TEXT[model.baseFeeDue]}
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">Honoraire complémentaire de résultat</dt>
          <dd>{percentHtTtc(model.resultPercentBp)} des sommes effectivement récupérées</dd>
        </div>
      </dl>
      <p className="mt-3 text-sm text-slate-700">
        Il vient de la configuration de l'éditeur (FEE_BASE_EUROS, FEE_BASE_DUE, FEE_RESULT_PERCENT). Les montants d'une version ne peuvent pas le
        dépasser, pour que le site et la convention disent la même chose.
      </p>
    </section>
  );
}

/** A version's sections, read-only, in their order. */
export function TemplateSections({ sections }: { sections: readonly TemplateSection[] }) {
  return (
    <ol className="mt-4 space-y-6">
      {sections.map((section, index) => (
        <li key={index} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <h3 className="text-lg font-bold text-slate-900">
            {index + 1}. {section.title}
          </h3>
          <p className="text-sm text-slate-700">{SECTION_KIND_LABELS[section.kind] ?? section.kind}</p>
          <div className="mt-3 whitespace-pre-line text-slate-900">{section.body}</div>
        </li>
      ))}
    </ol>
  );
}
