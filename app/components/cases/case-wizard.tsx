import { useEffect, useRef, useState, type ReactNode } from "react";
import { Form, Link, useFetcher, useNavigate, useNavigation, useSearchParams } from "react-router";
import { ErrorSummary, FormAlert } from "~/components/form-controls";
import { controlClasses, FieldError } from "~/components/ui/field";
import { BirthDateField } from "~/components/profile/birth-date-field";
import { Notice } from "~/components/ui/notice";
import { useHydrated, useResettableState } from "~/components/use-resettable-state";
import { fieldErrors as zodFieldErrors, type FieldErrors } from "~/lib/form";
import {
  CASE_FIELDS,
  CONTACT_DETAILS_HINTS,
  CONTACT_METHOD_LABELS,
  CONTACT_METHODS,
  caseDraftSchema,
  caseFormValues,
  caseMessages,
  contactMethodLabel,
  DESCRIPTION_MAX,
  DESCRIPTION_PLACEHOLDERS,
  DETAILS_MAX,
  COMPLAINT_FIELD_MAX,
  EVIDENCE_TYPE_LABELS,
  EVIDENCE_TYPES,
  evidenceTypeLabel,
  formatEuros,
  missingForStep,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  paymentMethodLabel,
  parseEuroAmount,
  reachableStep,
  SCAM_TYPE_EXPLANATIONS,
  scamTypeLabel,
  WIZARD_SCAM_TYPES,
  type CaseFormValues,
  type ContactMethod,
  type WizardScamType,
  type WizardStep,
} from "~/modules/cases/cases.schema";
import type { WizardView } from "~/modules/cases/cases.server";
import { BackToDashboardLink, buttonClasses, ButtonLink } from "~/components/ui/button";

type Wizard = Extract<WizardView, { kind: "wizard" }>;
type Failure = { values: CaseFormValues; step: WizardStep; fieldErrors: Record<string, string>; formError: string | null };

const STEPS: { step: WizardStep; title: string }[] = [
  { step: 1, title: "Type d'arnaque" },
  { step: 2, title: "Description" },
  { step: 3, title: "Récapitulatif" },
];

const CHECKED = "on";
const NO_ERRORS: FieldErrors = {};

function pathFor(draftId: string, step: WizardStep) {
  return `/create-case?id=${encodeURIComponent(draftId)}&etape=${step}`;
}

function stepOf(value: string | null): WizardStep | null {
  return value === "1" || value === "2" || value === "3" ? (Number(value) as WizardStep) : null;
}

/** Spec §5: unverified, with a draft already — no second one; the draft and the verification are offered. */
export function OneDraftNotice({ existingDraftId }: { existingDraftId: string }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">Nouveau dossier</h1>
      <div className="mt-6">
        <Notice id="titre-un-brouillon" tone="info" title={caseMessages.oneDraft}>
          <p>
            Vous avez déjà un brouillon. Vous pouvez le compléter dès maintenant ; vous pourrez créer d'autres dossiers et
            les soumettre une fois votre identité vérifiée.
          </p>
          <p className="flex flex-wrap gap-3">
            <ButtonLink
              to={pathFor(existingDraftId, 1)}
            >
              Reprendre mon brouillon
            </ButtonLink>
            <ButtonLink
              variant="secondary"
              to="/verify-identity"
            >
              Vérifier mon identité
            </ButtonLink>
          </p>
        </Notice>
      </div>
    </div>
  );
}

/** The form's current values (visible fields and the hidden copies of the other steps). */
function snapshot(form: HTMLFormElement | null, fallback: CaseFormValues): CaseFormValues {
  return form ? caseFormValues(new FormData(form)) : fallback;
}

function checkErrors(values: CaseFormValues, moveFrom: 1 | 2 | null): FieldErrors {
  const parsed = caseDraftSchema.safeParse(values);
  if (!parsed.success) return zodFieldErrors(parsed.error);
  return moveFrom ? missingForStep(moveFrom, parsed.data) : {};
}

function reachableFor(values: CaseFormValues, fallback: WizardStep): WizardStep {
  const parsed = caseDraftSchema.safeParse(values);
  return parsed.success ? reachableStep(parsed.data) : fallback;
}

function formDataFor(values: CaseFormValues, draftId: string, intent: string, step: WizardStep): FormData {
  const form = new FormData();
  form.set("draftId", draftId);
  form.set("intent", intent);
  form.set("etape", String(step));
  for (const [name, value] of Object.entries(values)) {
    if (Array.isArray(value)) for (const item of value) form.append(name, item);
    else if (value !== "") form.set(name, value);
  }
  return form;
}

/**
 * The three-step wizard. Without JavaScript each button posts the whole form, the server saves the draft and
 * answers with the next step. With it, moving between steps is immediate (the draft is saved in the background),
 * and the draft is saved again when the page is hidden (tab closed, phone locked).
 */
export function CaseWizard({ view, initialStep, failure }: { view: Wizard; initialStep: WizardStep; failure: Failure | null }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const saver = useFetcher<{ saved?: true; formError?: string | null; fieldErrors?: Record<string, string> }>();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useResettableState<CaseFormValues>(failure?.values ?? view.values);
  const [errors, setErrors] = useResettableState<FieldErrors>(failure?.fieldErrors ?? NO_ERRORS);
  const [focusRequest, setFocusRequest] = useState(failure && Object.keys(failure.fieldErrors).length > 0 ? 1 : 0);
  const lastSaved = useRef(JSON.stringify(view.values));
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";

  const reachable = hydrated ? reachableFor(values, view.reachable) : view.reachable;
  const asked = hydrated ? stepOf(searchParams.get("etape")) : null;
  const step = hydrated ? (Math.min(asked ?? initialStep, Math.max(reachable, initialStep)) as WizardStep) : initialStep;
  const serverError = saver.data && "formError" in saver.data ? saver.data.formError : null;
  const formError = serverError ?? failure?.formError ?? null;

  // The wizard's address names its draft, so a reload or a later visit resumes it.
  useEffect(() => {
    if (searchParams.get("id") !== view.draftId) {
      void navigate(pathFor(view.draftId, step), { replace: true, preventScrollReset: true });
    }
  }, [navigate, searchParams, step, view.draftId]);

  // Saved again when the page is hidden: closing the tab, switching app, locking the phone.
  useEffect(() => {
    const save = () => {
      if (document.visibilityState !== "hidden") return;
      const current = snapshot(formRef.current, values);
      const serialised = JSON.stringify(current);
      if (serialised === lastSaved.current || !caseDraftSchema.safeParse(current).success) return;
      if (navigator.sendBeacon(pathFor(view.draftId, step), formDataFor(current, view.draftId, "autosave", step))) {
        lastSaved.current = serialised;
      }
    };
    document.addEventListener("visibilitychange", save);
    window.addEventListener("pagehide", save);
    return () => {
      document.removeEventListener("visibilitychange", save);
      window.removeEventListener("pagehide", save);
    };
  }, [step, values, view.draftId]);

  function saveInBackground(current: CaseFormValues, at: WizardStep) {
    const serialised = JSON.stringify(current);
    if (serialised === lastSaved.current && view.exists) return;
    lastSaved.current = serialised;
    void saver.submit(formDataFor(current, view.draftId, "autosave", at), { method: "post", action: pathFor(view.draftId, at) });
  }

  function move(target: WizardStep, current: CaseFormValues) {
    const forward = target > step;
    const found = checkErrors(current, forward && step < 3 ? (step as 1 | 2) : null);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setFocusRequest((request) => request + 1);
      return;
    }
    setErrors({});
    setValues(current);
    saveInBackground(current, target);
    void navigate(pathFor(view.draftId, target), { preventScrollReset: false });
    window.scrollTo({ top: 0 });
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <BackToDashboardLink variant="secondary" />
      <section aria-labelledby="titre-dossier" className="mt-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h1 id="titre-dossier" className="text-2xl font-bold text-slate-900">
          {view.exists ? "Compléter mon dossier" : "Nouveau dossier"}
          {view.caseNumber ? <span className="ml-2 text-base font-semibold text-slate-600">{view.caseNumber}</span> : null}
        </h1>
        <p className="mt-2 text-slate-700">
          Chaque étape est enregistrée dans votre brouillon : vous pouvez vous arrêter à tout moment et reprendre plus tard
          depuis votre tableau de bord.
        </p>

        <Form
          ref={formRef}
          method="post"
          action={pathFor(view.draftId, step)}
          noValidate
          className="mt-6 space-y-6"
          onSubmit={(event) => {
            const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
            const intent = submitter?.value ?? "enregistrer";
            const current = snapshot(event.currentTarget, values);
            if (intent === "suivant" || intent.startsWith("etape-")) {
              event.preventDefault();
              const target = intent === "suivant" ? (Math.min(step + 1, 3) as WizardStep) : (stepOf(intent.slice(6)) ?? step);
              move(target, current);
              return;
            }
            const found = checkErrors(current, null);
            if (Object.keys(found).length > 0) {
              event.preventDefault();
              setErrors(found);
              setFocusRequest((request) => request + 1);
            }
          }}
          onChange={(event) => {
            const name = (event.target as unknown as { name?: string }).name;
            setValues(snapshot(event.currentTarget, values));
            if (name && name in errors) {
              setErrors((current) => {
                const next = { ...current };
                delete next[name];
                return next;
              });
            }
          }}
        >
          {/* Entrée in a field presses the form's first button: moving on (or saving at the summary), never the step bar. */}
          <button type="submit" name="intent" value={step < 3 ? "suivant" : "enregistrer"} tabIndex={-1} aria-hidden="true" className="sr-only">
            {step < 3 ? "Suivant" : "Enregistrer le brouillon"}
          </button>
          <StepBar step={step} reachable={reachable} />
          <input type="hidden" name="draftId" value={view.draftId} />
          <input type="hidden" name="etape" value={step} />
          <ErrorSummary errors={errors} focusRequest={focusRequest} fieldIds={{ scam_type: "champ-scam_type-romance_scam", payment_methods: "champ-payment_methods-bank_transfer", evidence_types: "champ-evidence_types-payment_receipts" }} />
          <FormAlert message={formError ?? undefined} />

          <fieldset disabled={busy} className="space-y-6">
            {step === 1 ? <ScamTypeStep values={values} error={errors.scam_type} /> : <HiddenStep step={1} values={values} />}
            {step === 2 ? <DescriptionStep values={values} errors={errors} hydrated={hydrated} /> : <HiddenStep step={2} values={values} />}
            {step === 3 ? <SummaryStep values={values} draftId={view.draftId} /> : null}
          </fieldset>

          <WizardButtons step={step} busy={busy} identityVerified={view.identityVerified} />
        </Form>
        {saver.state !== "idle" ? (
          <p className="mt-3 text-sm text-slate-600" role="status">
            Enregistrement du brouillon…
          </p>
        ) : null}
      </section>
    </div>
  );
}

function StepBar({ step, reachable }: { step: WizardStep; reachable: WizardStep }) {
  return (
    <nav aria-label="Étapes du dossier">
      <p className="text-sm font-semibold text-slate-700">
        Étape {step} sur 3 : {STEPS[step - 1]!.title}
      </p>
      <ol className="mt-2 grid grid-cols-3 gap-2">
        {STEPS.map((entry) => {
          const current = entry.step === step;
          const open = entry.step <= Math.max(reachable, step);
          return (
            <li key={entry.step}>
              <button
                type="submit"
                name="intent"
                value={`etape-${entry.step}`}
                disabled={!open || current}
                aria-current={current ? "step" : undefined}
                className={`flex min-h-11 w-full items-center gap-2 rounded-md border px-2 py-2 text-left text-sm font-semibold ${
                  current
                    ? "border-brand-700 bg-brand-700 text-white"
                    : open
                      ? "border-brand-700 bg-white text-brand-800 hover:bg-brand-50"
                      : "border-slate-300 bg-slate-100 text-slate-600"
                }`}
              >
                <span aria-hidden="true" className="flex size-6 shrink-0 items-center justify-center rounded-full border-2 border-current">
                  {entry.step}
                </span>
                <span>
                  <span className="sr-only">Étape {entry.step} : </span>
                  {entry.title}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** Another step's values, carried along so every post holds the whole draft. */
function HiddenStep({ step, values }: { step: 1 | 2; values: CaseFormValues }) {
  const names: readonly (keyof CaseFormValues)[] = step === 1 ? ["scam_type"] : CASE_FIELDS.filter((name) => name !== "scam_type");
  return (
    <>
      {names.flatMap((name) => {
        const value = values[name];
        if (Array.isArray(value)) return value.map((item) => <input key={`${name}-${item}`} type="hidden" name={name} value={item} />);
        return value === "" ? [] : [<input key={name} type="hidden" name={name} value={value} />];
      })}
    </>
  );
}

function ScamTypeStep({ values, error }: { values: CaseFormValues; error?: string }) {
  return (
    <fieldset aria-describedby={error ? "champ-scam_type-erreur" : undefined}>
      <legend className="text-lg font-bold text-slate-900">Quel type d'arnaque avez-vous subi ?</legend>
      <p className="mt-1 text-sm text-slate-700">Choisissez ce qui ressemble le plus à votre situation. Votre avocat pourra le préciser.</p>
      <FieldError id="champ-scam_type-erreur" message={error} />
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {WIZARD_SCAM_TYPES.map((type) => (
          <label
            key={type}
            htmlFor={`champ-scam_type-${type}`}
            className="flex cursor-pointer gap-3 rounded-lg border border-slate-300 p-3 hover:border-brand-700 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:checked]:ring-2 has-[:checked]:ring-brand-700"
          >
            <input
              id={`champ-scam_type-${type}`}
              type="radio"
              name="scam_type"
              value={type}
              defaultChecked={values.scam_type === type}
              className="mt-1 size-5 shrink-0 accent-brand-700"
            />
            <span>
              <span className="block font-semibold text-slate-900">{scamTypeLabel(type)}</span>
              <span className="block text-sm text-slate-700">{SCAM_TYPE_EXPLANATIONS[type]}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const inputClass = controlClasses;

function Label({ htmlFor, children, hint }: { htmlFor: string; children: ReactNode; hint?: ReactNode }) {
  return (
    <>
      <label htmlFor={htmlFor} className="block text-sm font-semibold text-slate-800">
        {children}
      </label>
      {hint ? (
        <p id={`${htmlFor}-aide`} className="mt-0.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
    </>
  );
}

function describedBy(id: string, hint: boolean, error?: string) {
  return [hint ? `${id}-aide` : null, error ? `${id}-erreur` : null].filter(Boolean).join(" ") || undefined;
}

function TextArea({ name, label, hint, max, rows = 3, value, error, placeholder }: { name: keyof CaseFormValues; label: string; hint?: string; max: number; rows?: number; value: string; error?: string; placeholder?: string }) {
  const id = `champ-${name}`;
  return (
    <div>
      <Label htmlFor={id} hint={hint}>
        {label}
      </Label>
      <textarea
        id={id}
        name={name}
        rows={rows}
        maxLength={max}
        defaultValue={value}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, Boolean(hint), error)}
        className={inputClass(error)}
      />
      <FieldError id={`${id}-erreur`} message={error} />
    </div>
  );
}

function TextInput({ name, label, hint, max, value, error, inputMode }: { name: keyof CaseFormValues; label: string; hint?: string; max: number; value: string; error?: string; inputMode?: "decimal" }) {
  const id = `champ-${name}`;
  return (
    <div>
      <Label htmlFor={id} hint={hint}>
        {label}
      </Label>
      <input
        id={id}
        name={name}
        type="text"
        maxLength={max}
        inputMode={inputMode}
        autoComplete="off"
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, Boolean(hint), error)}
        className={inputClass(error)}
      />
      <FieldError id={`${id}-erreur`} message={error} />
    </div>
  );
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

function DescriptionStep({ values, errors, hydrated }: { values: CaseFormValues; errors: FieldErrors; hydrated: boolean }) {
  // Without JavaScript the conditional fields are always shown (their labels say when they apply).
  const showContactDetails = !hydrated || values.contact_method !== "";
  const showBank = !hydrated || values.contacted_bank === CHECKED;
  const showComplaint = !hydrated || values.filed_complaint === CHECKED;
  const scamType = (values.scam_type in DESCRIPTION_PLACEHOLDERS ? values.scam_type : "") as WizardScamType | "";
  const contactHint = values.contact_method && values.contact_method in CONTACT_DETAILS_HINTS ? CONTACT_DETAILS_HINTS[values.contact_method as ContactMethod] : "Un numéro, une adresse, un nom de profil : ce qui permet de retrouver l'escroc.";
  return (
    <div className="space-y-6">
      <h2 className="text-lg font-bold text-slate-900">Décrivez ce qui s'est passé</h2>
      <p className="text-sm text-slate-700">Les champs marqués (facultatif) peuvent rester vides. Les autres sont nécessaires pour passer au récapitulatif.</p>
      <div>
        <Label htmlFor="champ-contact_method">Comment l'escroc vous a-t-il contacté ?</Label>
        <select
          id="champ-contact_method"
          name="contact_method"
          defaultValue={values.contact_method}
          aria-invalid={errors.contact_method ? true : undefined}
          aria-describedby={errors.contact_method ? "champ-contact_method-erreur" : undefined}
          className={inputClass(errors.contact_method)}
        >
          <option value="">Choisissez…</option>
          {CONTACT_METHODS.map((method) => (
            <option key={method} value={method}>
              {CONTACT_METHOD_LABELS[method]}
            </option>
          ))}
        </select>
        <FieldError id="champ-contact_method-erreur" message={errors.contact_method} />
      </div>
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
      <CheckboxGroup name="payment_methods" legend="Comment avez-vous payé ?" options={PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }))} checked={values.payment_methods} error={errors.payment_methods} />
      <div className="space-y-3 rounded-lg bg-slate-50 p-4">
        <Checkbox name="contacted_bank" label="J'ai contacté ma banque" checked={values.contacted_bank === CHECKED} />
        {showBank ? (
          <TextArea name="bank_contact_details" label={hydrated ? "Ce que vous avez fait auprès de votre banque (facultatif)" : "Si vous avez contacté votre banque : ce que vous avez fait (facultatif)"} hint="Date de l'appel, opposition, réclamation, réponse reçue…" max={DETAILS_MAX} rows={2} value={values.bank_contact_details} error={errors.bank_contact_details} />
        ) : null}
      </div>
      <div className="space-y-3 rounded-lg bg-slate-50 p-4">
        <Checkbox name="filed_complaint" label="J'ai porté plainte" checked={values.filed_complaint === CHECKED} />
        {showComplaint ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextInput name="complaint_status" label={hydrated ? "Où en est la plainte ? (facultatif)" : "Si vous avez porté plainte : où en est-elle ? (facultatif)"} hint="Déposée, en cours d'enquête, classée…" max={COMPLAINT_FIELD_MAX} value={values.complaint_status} error={errors.complaint_status} />
            <TextInput name="complaint_reference" label={hydrated ? "Numéro de la plainte (facultatif)" : "Si vous avez porté plainte : son numéro (facultatif)"} hint="Il figure sur le récépissé." max={COMPLAINT_FIELD_MAX} value={values.complaint_reference} error={errors.complaint_reference} />
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
      <CheckboxGroup name="evidence_types" legend="Quelles preuves avez-vous ?" options={EVIDENCE_TYPES.map((value) => ({ value, label: EVIDENCE_TYPE_LABELS[value] }))} checked={values.evidence_types} error={errors.evidence_types} />
    </div>
  );
}

function SummaryRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
      <dt className="font-semibold text-slate-700">{label}</dt>
      <dd className="whitespace-pre-line break-words text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

function EditLink({ draftId, step, what }: { draftId: string; step: 1 | 2; what: string }) {
  return (
    <ButtonLink variant="link" to={pathFor(draftId, step)}>
      Modifier<span className="sr-only"> {what}</span>
    </ButtonLink>
  );
}

function SummaryStep({ values, draftId }: { values: CaseFormValues; draftId: string }) {
  const amount = parseEuroAmount(values.total_amount_lost);
  const none = "Non renseigné";
  return (
    <div className="space-y-6">
      <h2 className="text-lg font-bold text-slate-900">Vérifiez votre dossier</h2>
      <section aria-labelledby="recap-type" className="rounded-lg ring-1 ring-slate-200">
        <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-2">
          <h3 id="recap-type" className="font-bold text-slate-900">
            1. Type d'arnaque
          </h3>
          <EditLink draftId={draftId} step={1} what="le type d'arnaque" />
        </div>
        <dl className="divide-y divide-slate-200 px-4">
          <SummaryRow label="Type d'arnaque">{scamTypeLabel(values.scam_type)}</SummaryRow>
        </dl>
      </section>
      <section aria-labelledby="recap-description" className="rounded-lg ring-1 ring-slate-200">
        <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-2">
          <h3 id="recap-description" className="font-bold text-slate-900">
            2. Description
          </h3>
          <EditLink draftId={draftId} step={2} what="la description" />
        </div>
        <dl className="divide-y divide-slate-200 px-4">
          <SummaryRow label="Moyen de contact">
            {contactMethodLabel(values.contact_method)}
            {values.contact_method_details ? ` — ${values.contact_method_details}` : ""}
          </SummaryRow>
          <SummaryRow label="Premier contact">{values.first_contact_date.replace(/-/g, "/") || none}</SummaryRow>
          <SummaryRow label="Montant perdu">{amount.kind === "ok" ? formatEuros(amount.value) : none}</SummaryRow>
          <SummaryRow label="Moyens de paiement">{values.payment_methods.length ? values.payment_methods.map(paymentMethodLabel).join(", ") : none}</SummaryRow>
          <SummaryRow label="Banque contactée">{values.contacted_bank === CHECKED ? `Oui${values.bank_contact_details ? ` — ${values.bank_contact_details}` : ""}` : "Non"}</SummaryRow>
          <SummaryRow label="Plainte déposée">
            {values.filed_complaint === CHECKED
              ? `Oui${values.complaint_status ? ` — ${values.complaint_status}` : ""}${values.complaint_reference ? ` (n° ${values.complaint_reference})` : ""}`
              : "Non"}
          </SummaryRow>
          <SummaryRow label="Description">{values.detailed_description || none}</SummaryRow>
          <SummaryRow label="Preuves disponibles">{values.evidence_types.length ? values.evidence_types.map(evidenceTypeLabel).join(", ") : none}</SummaryRow>
        </dl>
      </section>
    </div>
  );
}

const primaryButton = buttonClasses({ size: "lg" }, "disabled:opacity-70");
const secondaryButton = buttonClasses({ variant: "secondary", size: "lg" }, "disabled:opacity-70");

function WizardButtons({ step, busy, identityVerified }: { step: WizardStep; busy: boolean; identityVerified: boolean }) {
  return (
    <div className="space-y-3 border-t border-slate-200 pt-6">
      {step === 3 && !identityVerified ? (
        <p className="rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
          Vous pourrez soumettre ce dossier une fois votre identité vérifiée.{" "}
          <Link to="/verify-identity" className="font-semibold underline underline-offset-2">
            Vérifier mon identité
          </Link>
          . En attendant, enregistrez-le comme brouillon : rien ne sera perdu.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {step > 1 ? (
          <button type="submit" name="intent" value={`etape-${step - 1}`} disabled={busy} className={secondaryButton}>
            <span aria-hidden="true">←&nbsp;</span>Précédent
          </button>
        ) : null}
        {step < 3 ? (
          <button type="submit" name="intent" value="suivant" disabled={busy} className={primaryButton}>
            Suivant<span aria-hidden="true">&nbsp;→</span>
          </button>
        ) : null}
        <button type="submit" name="intent" value="enregistrer" disabled={busy} className={secondaryButton}>
          Enregistrer le brouillon
        </button>
        {step === 3 && identityVerified ? (
          <button type="submit" name="intent" value="soumettre" disabled={busy} className={primaryButton}>
            Soumettre le dossier
          </button>
        ) : null}
      </div>
    </div>
  );
}
