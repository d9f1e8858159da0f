import { useEffect, useRef, useState, type ReactNode } from "react";
import { Form, Link, useBlocker, useFetcher, useNavigate, useNavigation, useSearchParams } from "react-router";
import { ErrorSummary, FormAlert } from "~/components/form-controls";
import { FieldError } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { useAutomaticRetry } from "~/components/use-automatic-retry";
import { useHydrated, useResettableState } from "~/components/use-resettable-state";
import type { FieldErrors } from "~/lib/form";
import { savedAtText } from "~/lib/format";
import {
  CASE_FIELDS,
  caseFormValues,
  caseMessages,
  contactMethodLabel,
  evidenceTypeLabel,
  formatEuros,
  isBlankCaseForm,
  isStepMove,
  moveTarget,
  reachableFor,
  WIZARD_STEPS,
  wizardErrors,
  wizardFormData,
  wizardPath,
  wizardStepOf,
  paymentMethodLabel,
  parseEuroAmount,
  savableValues,
  SCAM_TYPE_EXPLANATIONS,
  scamTypeLabel,
  WIZARD_SCAM_TYPES,
  type CaseFormValues,
  type WizardStep,
} from "~/modules/cases/cases.schema";
import type { WizardView } from "~/modules/cases/cases.server";
import { buttonClasses, ButtonLink } from "~/components/ui/button";
import { DescriptionStep } from "./case-description-step";

type Wizard = Extract<WizardView, { kind: "wizard" }>;
/** A refused post of the wizard: the step it came from with what was typed. */
export type WizardFailure = {
  values: CaseFormValues;
  step: WizardStep;
  fieldErrors: Record<string, string>;
  formError: string | null;
  /** The database was out of reach (503, decision 94): the same button is sent again once by itself after this. */
  retryAfterSeconds?: number;
  intent?: string;
};

const CHECKED = "on";
const NO_ERRORS: FieldErrors = {};

/** Spec §5: unverified, with a draft already — no second one; the draft and the verification are offered. */
export function OneDraftNotice({ existingDraftId }: { existingDraftId: string }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">Nouveau dossier</h1>
      <div className="mt-6">
        <Notice id="titre-un-brouillon" tone="info" title={caseMessages.oneDraft}>
          <p>
            Vous avez déjà un brouillon. Vous pouvez le compléter dès maintenant&#x202f;; vous pourrez créer d'autres dossiers et
            les soumettre une fois votre identité vérifiée.
          </p>
          <p className="flex flex-wrap gap-3">
            <ButtonLink
              to={wizardPath(existingDraftId, 1)}
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

const FORM_ID = "formulaire-dossier";

/**
 * The three-step wizard. Without JavaScript each button posts the whole form, the server saves the draft and
 * answers with the next step; "Retour au tableau de bord" is one of them (it saves, then leaves). With it, moving
 * between steps is immediate (the draft is saved in the background), leaving the wizard any other way (a link of
 * the page, the browser's back button) waits for the draft to be saved, and the draft is saved again when the page
 * is hidden or unloaded (tab closed, phone locked).
 */
export function CaseWizard({ view, initialStep, failure }: { view: Wizard; initialStep: WizardStep; failure: WizardFailure | null }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const saver = useFetcher<{ saved?: true; savedAt?: string; formError?: string | null; fieldErrors?: Record<string, string>; retryAfterSeconds?: number }>();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useResettableState<CaseFormValues>(failure?.values ?? view.values);
  const [errors, setErrors] = useResettableState<FieldErrors>(failure?.fieldErrors ?? NO_ERRORS);
  const [focusRequest, setFocusRequest] = useState(failure && Object.keys(failure.fieldErrors).length > 0 ? 1 : 0);
  const [savedAt, setSavedAt] = useResettableState<string | null>(view.savedAt);
  const [leaveError, setLeaveError] = useState<string | null>(null);
  const lastSaved = useRef(JSON.stringify(view.values));
  const savesInFlight = useRef<Promise<unknown>[]>([]);
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";

  const reachable = hydrated ? reachableFor(values, view.reachable) : view.reachable;
  const asked = hydrated ? wizardStepOf(searchParams.get("step")) : null;
  const step = hydrated ? (Math.min(asked ?? initialStep, Math.max(reachable, initialStep)) as WizardStep) : initialStep;
  const serverError = saver.data && "formError" in saver.data ? saver.data.formError : null;
  const formError = leaveError ?? serverError ?? failure?.formError ?? null;

  // The latest values and step for the handlers below, which outlive a render.
  const latest = useRef({ values, step });
  useEffect(() => {
    latest.current = { values, step };
  });

  // The wizard's address names its draft, so a reload or a later visit resumes it (and the type chosen in advance).
  const preset = searchParams.get("type");
  useEffect(() => {
    if (searchParams.get("id") !== view.draftId) {
      const target = wizardPath(view.draftId, step) + (preset ? `&type=${encodeURIComponent(preset)}` : "");
      void navigate(target, { replace: true, preventScrollReset: true });
    }
  }, [navigate, preset, searchParams, step, view.draftId]);

  useEffect(() => {
    if (saver.state === "idle" && saver.data?.savedAt) setSavedAt(saver.data.savedAt);
    // Refused for a while (503): the draft does not hold these values, leaving the page tries to save them again.
    if (saver.state === "idle" && saver.data?.retryAfterSeconds) lastSaved.current = "";
  }, [saver.state, saver.data, setSavedAt]);

  // A post answered 503 (the database out of reach, decision 94) is sent again once by itself after Retry-After:
  // the same button for a post of the page, the latest values for a save in the background.
  const retryingPost = useAutomaticRetry(failure, failure?.retryAfterSeconds, () => {
    const form = formRef.current;
    const button = form?.querySelector<HTMLButtonElement>(`button[name="intent"][value="${failure?.intent ?? "save"}"]:not([aria-hidden])`);
    form?.requestSubmit(button ?? undefined);
  });
  const retryingSave = useAutomaticRetry(saver.data, saver.data?.retryAfterSeconds, () => {
    lastSaved.current = "";
    saveInBackground(savableValues(snapshot(formRef.current, latest.current.values)), latest.current.step);
  });

  /** What is on the form and not saved yet (invalid fields left out), or null when the draft already holds it all. */
  function unsaved(): CaseFormValues | null {
    const current = savableValues(snapshot(formRef.current, latest.current.values));
    if (JSON.stringify(current) === lastSaved.current) return null;
    if (!view.exists && savedAt === null && isBlankCaseForm(current)) return null;
    return current;
  }

  // Saved again when the page is hidden or unloaded: closing the tab, switching app, locking the phone, typing
  // another address.
  useEffect(() => {
    const save = (event: Event) => {
      if (event.type === "visibilitychange" && document.visibilityState !== "hidden") return;
      const current = unsaved();
      if (!current) return;
      const at = latest.current.step;
      if (navigator.sendBeacon(wizardPath(view.draftId, at), wizardFormData(current, view.draftId, "autosave", at))) {
        lastSaved.current = JSON.stringify(current);
        setSavedAt(new Date().toISOString());
      }
    };
    document.addEventListener("visibilitychange", save);
    window.addEventListener("pagehide", save);
    return () => {
      document.removeEventListener("visibilitychange", save);
      window.removeEventListener("pagehide", save);
    };
  });

  async function saveBeforeLeaving(): Promise<boolean> {
    await Promise.allSettled(savesInFlight.current);
    const current = unsaved();
    if (!current) return true;
    const at = latest.current.step;
    try {
      const response = await fetch(wizardPath(view.draftId, at), {
        method: "POST",
        body: wizardFormData(current, view.draftId, "autosave", at),
        keepalive: true,
        credentials: "same-origin",
      });
      if (!response.ok) return false;
      lastSaved.current = JSON.stringify(current);
      return true;
    } catch {
      return false;
    }
  }

  // Leaving the wizard inside the site (a link of the header, the browser's back button): the draft is saved first.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      nextLocation.pathname !== currentLocation.pathname && (unsaved() !== null || savesInFlight.current.length > 0),
  );
  const leaving = useRef(false);
  useEffect(() => {
    if (blocker.state !== "blocked" || leaving.current) return;
    leaving.current = true;
    void saveBeforeLeaving().then((saved) => {
      leaving.current = false;
      // A second try after a failed save leaves anyway: the person was told what it costs.
      if (saved || leaveError) {
        blocker.proceed();
      } else {
        setLeaveError(caseMessages.leaveSaveFailed);
        blocker.reset();
        window.scrollTo({ top: 0 });
      }
    });
  });

  function saveInBackground(current: CaseFormValues, at: WizardStep) {
    const serialised = JSON.stringify(current);
    if (serialised === lastSaved.current && view.exists) return;
    lastSaved.current = serialised;
    const pending = saver.submit(wizardFormData(current, view.draftId, "autosave", at), { method: "post", action: wizardPath(view.draftId, at) });
    savesInFlight.current.push(pending);
    void pending.finally(() => {
      savesInFlight.current = savesInFlight.current.filter((entry) => entry !== pending);
    });
  }

  function move(target: WizardStep, current: CaseFormValues) {
    const found = wizardErrors(current, step, target);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setFocusRequest((request) => request + 1);
      return;
    }
    setErrors({});
    setValues(current);
    saveInBackground(current, target);
    void navigate(wizardPath(view.draftId, target), { preventScrollReset: false });
    window.scrollTo({ top: 0 });
  }

  const status = saver.state !== "idle" || blocker.state === "blocked" ? "Enregistrement du brouillon…" : savedAt ? savedAtText(savedAt) : "";

  return (
    <Form
      ref={formRef}
      id={FORM_ID}
      method="post"
      action={wizardPath(view.draftId, step)}
      noValidate
      className="mx-auto max-w-3xl px-4 py-8"
      onSubmit={(event) => {
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        const intent = submitter?.value ?? "save";
        const current = snapshot(event.currentTarget, values);
        if (isStepMove(intent)) {
          event.preventDefault();
          move(moveTarget(intent, step), current);
          return;
        }
        const found = wizardErrors(current, step, null);
        if (Object.keys(found).length > 0) {
          event.preventDefault();
          setErrors(found);
          setFocusRequest((request) => request + 1);
          return;
        }
        // The post saves what is on the form; the leave that follows has nothing left to save.
        lastSaved.current = JSON.stringify(current);
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
      <button type="submit" name="intent" value={step < 3 ? "next" : "save"} tabIndex={-1} aria-hidden="true" className="sr-only">
        {step < 3 ? "Suivant" : "Enregistrer le brouillon"}
      </button>
      {/* A button, not a link: without JavaScript too, leaving saves what was typed. */}
      <button type="submit" name="intent" value="leave" disabled={busy} className={buttonClasses({ variant: "secondary" }, "gap-2 py-2")}>
        <span aria-hidden="true">←</span> Retour au tableau de bord
      </button>
      <section aria-labelledby="titre-dossier" className="mt-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h1 id="titre-dossier" className="text-2xl font-bold text-slate-900">
          {view.exists ? "Compléter mon dossier" : "Nouveau dossier"}
          {view.caseNumber ? <span className="ml-2 text-base font-semibold text-slate-600">{view.caseNumber}</span> : null}
        </h1>
        <p className="mt-2 text-slate-700">
          Chaque étape est enregistrée dans votre brouillon&#x202f;: vous pouvez vous arrêter à tout moment et reprendre plus tard
          depuis votre tableau de bord.
        </p>
        <p className="mt-1 min-h-6 text-sm font-semibold text-slate-700" role="status" data-saved-at={savedAt ?? undefined}>
          {status}
        </p>

        <div className="mt-6 space-y-6">
          <StepBar step={step} reachable={reachable} />
          <input type="hidden" name="draftId" value={view.draftId} />
          <input type="hidden" name="step" value={step} />
          <ErrorSummary errors={errors} focusRequest={focusRequest} fieldIds={{ scam_type: `champ-scam_type-${WIZARD_SCAM_TYPES[0]}`, payment_methods: "champ-payment_methods-bank_transfer", evidence_types: "champ-evidence_types-payment_receipts" }} />
          <FormAlert message={formError ?? undefined} retrying={retryingPost || retryingSave} />

          <fieldset disabled={busy} className="space-y-6">
            {step === 1 ? <ScamTypeStep values={values} error={errors.scam_type} /> : <HiddenStep step={1} values={values} />}
            {step === 2 ? <DescriptionStep values={values} errors={errors} hydrated={hydrated} /> : <HiddenStep step={2} values={values} />}
            {step === 3 ? <SummaryStep values={values} draftId={view.draftId} /> : null}
          </fieldset>

          <WizardButtons step={step} busy={busy} identityVerified={view.identityVerified} />
        </div>
      </section>
    </Form>
  );
}

function StepBar({ step, reachable }: { step: WizardStep; reachable: WizardStep }) {
  return (
    <nav aria-label="Étapes du dossier">
      <p className="text-sm font-semibold text-slate-700">
        Étape {step} sur 3&#x202f;: {WIZARD_STEPS[step - 1]!.title}
      </p>
      {/* One step a line on phones: three columns there would cut "Récapitulatif" (issue 29). */}
      <ol className="mt-2 grid gap-2 sm:grid-cols-3">
        {WIZARD_STEPS.map((entry) => {
          const current = entry.step === step;
          const open = entry.step <= Math.max(reachable, step);
          return (
            <li key={entry.step}>
              <button
                type="submit"
                name="intent"
                value={`step-${entry.step}`}
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
                <span className="min-w-0 break-words">
                  <span className="sr-only">Étape {entry.step}&#x202f;: </span>
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
      <legend className="text-lg font-bold text-slate-900">Quel type d'arnaque avez-vous subi&#x202f;?</legend>
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
    <ButtonLink variant="link" to={wizardPath(draftId, step)}>
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
          . En attendant, enregistrez-le comme brouillon&#x202f;: rien ne sera perdu.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {step > 1 ? (
          <button type="submit" name="intent" value={`step-${step - 1}`} disabled={busy} className={secondaryButton}>
            <span aria-hidden="true">←&nbsp;</span>Précédent
          </button>
        ) : null}
        {step < 3 ? (
          <button type="submit" name="intent" value="next" disabled={busy} className={primaryButton}>
            Suivant<span aria-hidden="true">&nbsp;→</span>
          </button>
        ) : null}
        <button type="submit" name="intent" value="save" disabled={busy} className={secondaryButton}>
          Enregistrer le brouillon
        </button>
        {step === 3 && identityVerified ? (
          <button type="submit" name="intent" value="submit" disabled={busy} className={primaryButton}>
            Soumettre le dossier
          </button>
        ) : null}
      </div>
    </div>
  );
}
