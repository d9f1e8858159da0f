import { BirthDateField } from "~/components/profile/birth-date-field";
import { controlClasses, Field, FieldError, fieldId, SelectField, TextField } from "~/components/ui/field";
import type { FieldErrors } from "~/lib/form";
import {
  COMPLAINT_FIELD_MAX,
  CONTACT_DETAILS_HINTS,
  CONTACT_METHOD_LABELS,
  CONTACT_METHODS,
  DESCRIPTION_MAX,
  DESCRIPTION_PLACEHOLDERS,
  DETAILS_MAX,
  EVIDENCE_TYPE_LABELS,
  EVIDENCE_TYPES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type CaseFormValues,
  type ContactMethod,
  type WizardScamType,
} from "~/modules/cases/cases.schema";

// Step 2 of the new-case wizard (the description) and the form fields it is made of.

const CHECKED = "on";

function TextArea({ name, label, hint, max, rows = 3, value, error, placeholder }: { name: keyof CaseFormValues; label: string; hint?: string; max: number; rows?: number; value: string; error?: string; placeholder?: string }) {
  return (
    <Field
      id={fieldId(name)}
      label={label}
      hint={hint}
      error={error}
      control={(control) => <textarea name={name} rows={rows} maxLength={max} defaultValue={value} placeholder={placeholder} className={controlClasses(error)} {...control} />}
    />
  );
}

function TextInput({ name, label, hint, max, value, error, inputMode }: { name: keyof CaseFormValues; label: string; hint?: string; max: number; value: string; error?: string; inputMode?: "decimal" }) {
  return <TextField name={name} label={label} hint={hint} error={error} type="text" maxLength={max} inputMode={inputMode} autoComplete="off" defaultValue={value} />;
}

function CheckboxGroup({ name, legend, options, checked, error }: { name: "payment_methods" | "evidence_types"; legend: string; options: readonly { value: string; label: string }[]; checked: string[]; error?: string }) {
  return (
    <fieldset aria-describedby={error ? `champ-${name}-erreur` : undefined}>
      <legend className="text-sm font-semibold text-slate-800">{legend}</legend>
      <p className="text-sm text-slate-600">Cochez tout ce qui s'applique (facultatif).</p>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label key={option.value} htmlFor={`champ-${name}-${option.value}`} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-slate-300 px-3 py-2 hover:border-brand-700">
            <input id={`champ-${name}-${option.value}`} type="checkbox" name={name} value={option.value} defaultChecked={checked.includes(option.value)} className="size-5 shrink-0 accent-brand-700" />
            <span className="text-slate-900">{option.label}</span>
          </label>
        ))}
      </div>
      <FieldError id={`champ-${name}-erreur`} message={error} />
    </fieldset>
  );
}

function Checkbox({ name, label, checked }: { name: "contacted_bank" | "filed_complaint"; label: string; checked: boolean }) {
  return (
    <label htmlFor={`champ-${name}`} className="flex min-h-11 cursor-pointer items-center gap-3 font-semibold text-slate-900">
      <input id={`champ-${name}`} type="checkbox" name={name} value={CHECKED} defaultChecked={checked} className="size-5 shrink-0 accent-brand-700" />
      {label}
    </label>
  );
}

export function DescriptionStep({ values, errors, hydrated }: { values: CaseFormValues; errors: FieldErrors; hydrated: boolean }) {
  // Without JavaScript the conditional fields are always shown (their labels say when they apply).
  const showContactDetails = !hydrated || values.contact_method !== "";
  const showBank = !hydrated || values.contacted_bank === CHECKED;
  const showComplaint = !hydrated || values.filed_complaint === CHECKED;
  const scamType = (values.scam_type in DESCRIPTION_PLACEHOLDERS ? values.scam_type : "") as WizardScamType | "";
  const contactHint = values.contact_method && values.contact_method in CONTACT_DETAILS_HINTS ? CONTACT_DETAILS_HINTS[values.contact_method as ContactMethod] : "Un numéro, une adresse, un nom de profil\u202f: ce qui permet de retrouver l'escroc.";
  return (
    <div className="space-y-6">
      <h2 className="text-lg font-bold text-slate-900">Décrivez ce qui s'est passé</h2>
      <p className="text-sm text-slate-700">Les champs marqués (facultatif) peuvent rester vides. Les autres sont nécessaires pour passer au récapitulatif.</p>
      <SelectField name="contact_method" label="Comment l'escroc vous a-t-il contacté&#x202f;?" defaultValue={values.contact_method} error={errors.contact_method}>
        <option value="">Choisissez…</option>
        {CONTACT_METHODS.map((method) => (
          <option key={method} value={method}>
            {CONTACT_METHOD_LABELS[method]}
          </option>
        ))}
      </SelectField>
      {showContactDetails ? (
        <TextArea name="contact_method_details" label={hydrated ? "Précisions sur le contact (facultatif)" : "Précisions sur le contact (facultatif, si un moyen de contact est choisi)"} hint={contactHint} max={DETAILS_MAX} rows={2} value={values.contact_method_details} error={errors.contact_method_details} />
      ) : null}
      <BirthDateField
        name="first_contact_date"
        label="Date du premier contact"
        hint="Au format JJ-MM-AAAA, par exemple 14-07-2024. Une date approximative suffit."
        autoComplete="off"
        defaultValue={values.first_contact_date}
        error={errors.first_contact_date}
        onEdit={() => undefined}
      />
      <TextInput name="total_amount_lost" label="Montant total perdu, en euros (facultatif)" hint="Par exemple 1 234,56. Une estimation suffit." max={40} inputMode="decimal" value={values.total_amount_lost} error={errors.total_amount_lost} />
      <CheckboxGroup name="payment_methods" legend="Comment avez-vous payé&#x202f;?" options={PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }))} checked={values.payment_methods} error={errors.payment_methods} />
      <div className="space-y-3 rounded-lg bg-slate-50 p-4">
        <Checkbox name="contacted_bank" label="J'ai contacté ma banque" checked={values.contacted_bank === CHECKED} />
        {showBank ? (
          <TextArea name="bank_contact_details" label={hydrated ? "Ce que vous avez fait auprès de votre banque (facultatif)" : "Si vous avez contacté votre banque\u202f: ce que vous avez fait (facultatif)"} hint="Date de l'appel, opposition, réclamation, réponse reçue…" max={DETAILS_MAX} rows={2} value={values.bank_contact_details} error={errors.bank_contact_details} />
        ) : null}
      </div>
      <div className="space-y-3 rounded-lg bg-slate-50 p-4">
        <Checkbox name="filed_complaint" label="J'ai porté plainte" checked={values.filed_complaint === CHECKED} />
        {showComplaint ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextInput name="complaint_status" label={hydrated ? "Où en est la plainte\u202f? (facultatif)" : "Si vous avez porté plainte\u202f: où en est-elle\u202f? (facultatif)"} hint="Déposée, en cours d'enquête, classée…" max={COMPLAINT_FIELD_MAX} value={values.complaint_status} error={errors.complaint_status} />
            <TextInput name="complaint_reference" label={hydrated ? "Numéro de la plainte (facultatif)" : "Si vous avez porté plainte\u202f: son numéro (facultatif)"} hint="Il figure sur le récépissé." max={COMPLAINT_FIELD_MAX} value={values.complaint_reference} error={errors.complaint_reference} />
          </div>
        ) : null}
      </div>
      <TextArea
        name="detailed_description"
        label="Description détaillée"
        hint={`Avec vos mots, dans l'ordre où les choses se sont passées. ${DESCRIPTION_MAX.toLocaleString("fr-FR").replace(/\u202f/g, " ")} caractères au plus.`}
        max={DESCRIPTION_MAX}
        rows={8}
        value={values.detailed_description}
        error={errors.detailed_description}
        placeholder={DESCRIPTION_PLACEHOLDERS[scamType]}
      />
      <CheckboxGroup name="evidence_types" legend="Quelles preuves avez-vous&#x202f;?" options={EVIDENCE_TYPES.map((value) => ({ value, label: EVIDENCE_TYPE_LABELS[value] }))} checked={values.evidence_types} error={errors.evidence_types} />
    </div>
  );
}
