import { data, Form } from "react-router";
import type { Route } from "./+types/admin-convention-new";
import { BackOfficePage } from "~/components/back-office/back-office-page";
import { FeeModelSummary, TEMPLATE_VERSIONS_NOTE } from "~/components/back-office/agreement-template";
import { ErrorSummary, useFormValidation } from "~/components/form-controls";
import { Button, ButtonLink } from "~/components/ui/button";
import { controlClasses, Field, SelectField, TextField } from "~/components/ui/field";
import { pageTitle } from "~/content/site";
import { BASE_FEE_DUE_TEXT } from "~/lib/fees";
import type { FieldErrors } from "~/lib/form";
import { REQUIRED_SECTION_KINDS, SECTION_KIND_LABELS, TEMPLATE_PLACEHOLDERS } from "~/modules/agreements/agreements.schema";
import {
  isSectionKind,
  missingSectionField,
  SECTION_BODY_MAX,
  SECTION_KINDS,
  SECTION_TITLE_MAX,
  sectionField,
  TEMPLATE_SECTIONS_MAX,
  TEMPLATE_TITLE_MAX,
  templateDraftFrom,
  templateDraftOf,
  templateMessages,
  templateVersionSchema,
  type TemplateDraft,
} from "~/modules/agreements/templates.schema";
import { createTemplateVersion, newVersionStart } from "~/modules/agreements/templates.server";
import { redirectWithToast } from "~/platform/flash.server";
import { parseForm } from "~/platform/form.server";
import { requireRole } from "~/platform/guards.server";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Nouvelle version du modèle de convention") }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  const actor = requireRole(context, "admin");
  const { current, feeModel } = await newVersionStart(actor);
  return { draft: templateDraftOf(current), basedOn: current.version, feeModel };
}

const SAVE = "save";
const ADD = "add-section";
const REMOVE = "remove-section-";

/**
 * Saves a new version; without JavaScript the same form also adds or removes a section row (its intents answer the
 * form as edited, nothing saved).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireRole(context, "admin");
  const { feeModel } = await newVersionStart(actor);
  const form = await parseForm(request, templateVersionSchema(feeModel));
  const intent = form.values.intent ?? SAVE;
  if (intent === ADD) {
    const draft = templateDraftFrom(form.values);
    const kind = form.values.newSectionKind ?? "other";
    if (draft.sections.length < TEMPLATE_SECTIONS_MAX) {
      draft.sections.push({ kind: isSectionKind(kind) ? kind : "other", title: SECTION_KIND_LABELS[isSectionKind(kind) ? kind : "other"], body: "" });
    }
    return { draft, fieldErrors: {} as FieldErrors, focus: sectionField(draft.sections.length - 1, "body") };
  }
  if (intent.startsWith(REMOVE)) {
    const index = Number(intent.slice(REMOVE.length));
    const values = Object.fromEntries(Object.entries(form.values).filter(([key]) => !key.startsWith(`section-${index}-`)));
    return { draft: templateDraftFrom(values), fieldErrors: {} as FieldErrors, focus: "sections-titre" };
  }
  const draft = templateDraftFrom(form.values);
  if (!form.ok) return data({ draft, fieldErrors: form.fieldErrors, focus: null }, { status: 400 });
  const result = await createTemplateVersion(actor, form.data);
  if (!result.ok) return data({ draft, fieldErrors: result.fieldErrors, focus: null }, { status: result.status });
  return redirectWithToast(`/admin/conventions/${result.template.id}`, { title: templateMessages.created(result.template.version), tone: "success" });
}

/** Where the error summary's links lead: a missing section to the "add a section" control. */
function errorTargets(): Record<string, string> {
  const targets: Record<string, string> = { sections: "champ-newSectionKind" };
  for (const kind of REQUIRED_SECTION_KINDS) targets[missingSectionField(kind)] = "champ-newSectionKind";
  return targets;
}

function errorOrder(draft: TemplateDraft): string[] {
  return [
    "title",
    "baseFeeMin",
    "baseFeeMax",
    "baseFeeDue",
    "resultPercentMin",
    "resultPercentMax",
    ...draft.sections.flatMap((_, index) => (["kind", "title", "body"] as const).map((part) => sectionField(index, part))),
    ...REQUIRED_SECTION_KINDS.map(missingSectionField),
  ];
}

export default function AdminConventionNewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { basedOn, feeModel } = loaderData;
  const draft = actionData?.draft ?? loaderData.draft;
  const validation = useFormValidation(templateVersionSchema(feeModel), actionData?.fieldErrors);
  const errors = validation.errors;
  // After adding or removing a row, the page is the same form: each answer gets its own keys so the rows show the
  // posted text, not what React kept from before.
  const formKey = JSON.stringify(draft.sections.map((section) => section.kind)) + String(draft.sections.length);
  return (
    <BackOfficePage
      id="titre-nouvelle-version"
      title="Nouvelle version du modèle de convention"
      intro={
        <>
          <p>Le formulaire reprend la version {basedOn}. À l'enregistrement, la nouvelle version devient celle des prochaines propositions.</p>
          <p className="mt-2 font-semibold text-slate-900">{TEMPLATE_VERSIONS_NOTE}</p>
        </>
      }
    >
      <p className="mt-4">
        <ButtonLink variant="link" to="/admin/conventions">
          Toutes les versions
        </ButtonLink>
      </p>
      <FeeModelSummary model={feeModel} />
      <Form
        key={formKey}
        method="post"
        noValidate
        className="mt-6 space-y-6"
        onSubmit={(event) => {
          const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
          if ((submitter?.value ?? SAVE) === SAVE && !validation.validate(event.currentTarget)) event.preventDefault();
        }}
        onChange={(event) => validation.clear((event.target as unknown as { name: string }).name)}
      >
        {/* The form's default button (Enter in a field): save, not the first row's "Retirer". */}
        <button type="submit" name="intent" value={SAVE} hidden tabIndex={-1} />
        <ErrorSummary errors={errors} focusRequest={validation.focusRequest} fieldIds={errorTargets()} order={errorOrder(draft)} />
        <div className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <TextField name="title" label="Titre de la convention" defaultValue={draft.title} maxLength={TEMPLATE_TITLE_MAX} error={errors.title} />
          <fieldset className="mt-6">
            <legend className="text-lg font-bold text-slate-900">Honoraires de diligence (travail accompli), en euros HT</legend>
            <p className="text-sm text-slate-700">L'avocat choisit le montant de chaque convention entre ces bornes.</p>
            <div className="mt-2 grid gap-4 sm:grid-cols-3">
              <TextField name="baseFeeMin" label="Minimum" inputMode="decimal" defaultValue={draft.baseFeeMin} error={errors.baseFeeMin} />
              <TextField name="baseFeeMax" label="Maximum" inputMode="decimal" defaultValue={draft.baseFeeMax} error={errors.baseFeeMax} />
              <SelectField name="baseFeeDue" label="Payables" defaultValue={draft.baseFeeDue} error={errors.baseFeeDue}>
                {(["fin-de-dossier", "signature"] as const).map((due) => (
                  <option key={due} value={due}>
                    {BASE_FEE_DUE_TEXT[due]}
                  </option>
                ))}
              </SelectField>
            </div>
          </fieldset>
          <fieldset className="mt-6">
            <legend className="text-lg font-bold text-slate-900">Honoraire complémentaire de résultat, en pourcentage HT des sommes récupérées</legend>
            <div className="mt-2 grid gap-4 sm:grid-cols-3">
              <TextField name="resultPercentMin" label="Minimum" inputMode="decimal" defaultValue={draft.resultPercentMin} error={errors.resultPercentMin} />
              <TextField name="resultPercentMax" label="Maximum" inputMode="decimal" defaultValue={draft.resultPercentMax} error={errors.resultPercentMax} />
            </div>
          </fieldset>
        </div>

        <section aria-labelledby="sections-titre">
          <h2 id="sections-titre" tabIndex={-1} className="text-2xl font-bold text-slate-900">
            Les sections
          </h2>
          <p className="mt-1 text-slate-700">
            Sections obligatoires&#x202f;: {REQUIRED_SECTION_KINDS.map((kind) => SECTION_KIND_LABELS[kind]).join(", ")}. Variables possibles dans le texte&#x202f;:{" "}
            {Object.keys(TEMPLATE_PLACEHOLDERS)
              .map((name) => `{{${name}}}`)
              .join(", ")}
            .
          </p>
          <ol className="mt-4 space-y-6">
            {draft.sections.map((section, index) => (
              <li key={index}>
                <fieldset className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
                  <legend className="px-1 text-lg font-bold text-slate-900">Section {index + 1}</legend>
                  <div className="grid gap-4 sm:grid-cols-2">
                    <SelectField name={sectionField(index, "kind")} label="Type" defaultValue={section.kind} error={errors[sectionField(index, "kind")]}>
                      {SECTION_KINDS.map((kind) => (
                        <option key={kind} value={kind}>
                          {SECTION_KIND_LABELS[kind]}
                        </option>
                      ))}
                    </SelectField>
                    <TextField
                      name={sectionField(index, "title")}
                      label="Titre"
                      defaultValue={section.title}
                      maxLength={SECTION_TITLE_MAX}
                      error={errors[sectionField(index, "title")]}
                    />
                  </div>
                  <Field
                    id={`champ-${sectionField(index, "body")}`}
                    label="Texte"
                    className="mt-4"
                    error={errors[sectionField(index, "body")]}
                    control={(control) => (
                      <textarea
                        name={sectionField(index, "body")}
                        rows={10}
                        maxLength={SECTION_BODY_MAX}
                        defaultValue={section.body}
                        className={controlClasses(errors[sectionField(index, "body")])}
                        autoFocus={actionData?.focus === sectionField(index, "body") ? true : undefined}
                        {...control}
                      />
                    )}
                  />
                  <p className="mt-3">
                    <Button variant="secondary" name="intent" value={`${REMOVE}${index}`}>
                      Retirer la section {index + 1}
                    </Button>
                  </p>
                </fieldset>
              </li>
            ))}
          </ol>
          <div className="mt-6 flex flex-wrap items-end gap-3 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <SelectField name="newSectionKind" label="Type de la section à ajouter" defaultValue="other" className="min-w-64">
              {SECTION_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {SECTION_KIND_LABELS[kind]}
                </option>
              ))}
            </SelectField>
            <Button variant="secondary" name="intent" value={ADD}>
              Ajouter une section
            </Button>
          </div>
        </section>
        <p>
          <Button name="intent" value={SAVE}>
            Enregistrer la nouvelle version
          </Button>
        </p>
      </Form>
    </BackOfficePage>
  );
}
