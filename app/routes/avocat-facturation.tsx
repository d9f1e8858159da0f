import { data, useNavigation } from "react-router";
import type { Route } from "./+types/avocat-facturation";
import { FormAlert, SubmitButton, useFormValidation, ValidatedForm } from "~/components/form-controls";
import { FieldError, TextField } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { pageTitle } from "~/content/site";
import { formatDate } from "~/lib/format";
import { invoicingProfileFor, saveInvoicingProfile } from "~/modules/invoicing/invoicing.server";
import { INVOICING_PROFILE_FIELDS, invoicingProfileSchema, MANDATE_TEXT, VAT_FRANCHISE_MENTION } from "~/modules/invoicing/invoicing.schema";
import { answerInit, parseForm } from "~/platform/form.server";
import { requireRole } from "~/platform/guards.server";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Facturation") }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  return invoicingProfileFor(requireRole(context, "lawyer"));
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireRole(context, "lawyer");
  const form = await parseForm(request, invoicingProfileSchema);
  if (!form.ok) return data({ saved: false, fieldErrors: form.fieldErrors, formError: undefined, values: form.values }, { status: 400 });
  const result = await saveInvoicingProfile(actor, form.data);
  if (!result.ok) return data({ saved: false, fieldErrors: result.fieldErrors, formError: result.formError, values: form.values }, answerInit(result));
  return { saved: true, fieldErrors: undefined, formError: undefined, values: form.values };
}

export default function LawyerInvoicingPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { errors, focusRequest, validate, clear } = useFormValidation(invoicingProfileSchema, actionData?.fieldErrors);
  const posted = actionData && !actionData.saved ? actionData.values : undefined;
  const value = (name: keyof typeof loaderData.values) => (posted ? (posted[name] ?? "") : String(loaderData.values[name] ?? ""));
  const franchise = posted ? posted.vatFranchise === "on" : loaderData.values.vatFranchise;
  const mandate = loaderData.mandate?.current ? loaderData.mandate : null;
  return (
    <section aria-labelledby="titre-facturation" className="mx-auto max-w-2xl px-4 py-8">
      <h1 id="titre-facturation" className="text-3xl font-bold text-slate-900">
        Facturation
      </h1>
      <p className="mt-4 text-slate-800">
        Recours émet les factures de vos honoraires en votre nom, à partir de la convention en vigueur et des sommes enregistrées au dossier. Une facture doit
        indiquer votre cabinet, son adresse, votre SIREN et votre numéro de TVA (ou la mention de franchise).
      </p>
      {actionData?.saved ? (
        <div className="mt-6">
          <Notice id="profil-enregistre" tone="success" title="Profil de facturation enregistré">
            <p>Vos prochaines factures porteront ces informations. Les factures déjà émises ne changent pas.</p>
          </Notice>
        </div>
      ) : loaderData.missing.length > 0 ? (
        <div className="mt-6">
          <Notice id="profil-incomplet" tone="warning" title="Vous ne pouvez pas encore émettre de facture">
            <p>Il manque&#x202f;: {loaderData.missing.join(", ")}.</p>
          </Notice>
        </div>
      ) : null}
      <ValidatedForm validation={{ validate, clear, errors, focusRequest }} errorOrder={INVOICING_PROFILE_FIELDS} className="mt-6 space-y-5">
        <FormAlert message={actionData?.formError} />
        <TextField name="firmName" label="Nom du cabinet (ou nom d'exercice)" autoComplete="organization" maxLength={200} defaultValue={value("firmName")} error={errors.firmName} />
        <TextField name="address" label="Adresse du cabinet" autoComplete="street-address" maxLength={300} defaultValue={value("address")} error={errors.address} />
        <div className="grid gap-5 sm:grid-cols-[10rem_1fr]">
          <TextField name="postalCode" label="Code postal" inputMode="numeric" autoComplete="postal-code" maxLength={5} defaultValue={value("postalCode")} error={errors.postalCode} />
          <TextField name="city" label="Ville" autoComplete="address-level2" maxLength={120} defaultValue={value("city")} error={errors.city} />
        </div>
        <TextField name="siren" label="SIREN" hint="9 chiffres (avis de situation INSEE)." inputMode="numeric" maxLength={11} defaultValue={value("siren")} error={errors.siren} />
        <TextField name="siret" label="SIRET (facultatif)" hint="14 chiffres, commençant par votre SIREN." inputMode="numeric" maxLength={17} defaultValue={value("siret")} error={errors.siret} />
        <TextField name="vatNumber" label="Numéro de TVA intracommunautaire" hint="Par exemple FR40123456824. Laissez vide si vous bénéficiez de la franchise en base." maxLength={16} defaultValue={value("vatNumber")} error={errors.vatNumber} />
        <div className="flex items-start gap-3">
          <input id="champ-vatFranchise" name="vatFranchise" type="checkbox" value="on" defaultChecked={franchise} className="mt-3.5 size-5 shrink-0" />
          <label htmlFor="champ-vatFranchise" className="block min-h-11 py-3 text-slate-800">
            Je bénéficie de la franchise en base de TVA&#x202f;: mes factures porteront la mention «&#x202f;{VAT_FRANCHISE_MENTION}&#x202f;».
          </label>
        </div>
        <fieldset className="rounded-md border border-slate-300 p-4">
          <legend className="px-1 font-semibold text-slate-900">Mandat de facturation</legend>
          {MANDATE_TEXT.map((paragraph) => (
            <p key={paragraph} className="mt-2 text-slate-800">
              {paragraph}
            </p>
          ))}
          {mandate ? (
            <p className="mt-3 font-semibold text-slate-900">Mandat accepté le {formatDate(mandate.acceptedAt)} (version {mandate.version}).</p>
          ) : (
            <>
              <div className="mt-3 flex items-start gap-3">
                <input
                  id="champ-mandate"
                  name="mandate"
                  type="checkbox"
                  value="on"
                  defaultChecked={posted?.mandate === "on"}
                  aria-invalid={errors.mandate ? true : undefined}
                  aria-describedby={errors.mandate ? "champ-mandate-erreur" : undefined}
                  className="mt-3.5 size-5 shrink-0"
                />
                <label htmlFor="champ-mandate" className="block min-h-11 py-3 text-slate-900">
                  J'accepte ce mandat de facturation.
                </label>
              </div>
              <FieldError id="champ-mandate-erreur" message={errors.mandate} />
            </>
          )}
        </fieldset>
        <SubmitButton busy={navigation.state === "submitting"} busyLabel="Enregistrement…">
          Enregistrer
        </SubmitButton>
      </ValidatedForm>
    </section>
  );
}
