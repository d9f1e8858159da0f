import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form, Link, useNavigate } from "react-router";
import { ErrorSummary } from "~/components/form-controls";
import { unavailableFileText } from "~/modules/files/file-states";
import { ACCEPTED_UPLOAD_TYPES, MAX_UPLOAD_BYTES, uploadMessages } from "~/modules/files/upload-messages";
import {
  documentLabel,
  DOCUMENT_TYPE_LABELS,
  IDENTITY_DOCUMENT_TYPES,
  IDENTITY_STATUS_LABELS,
  identityMessages,
  PROOF_OF_ADDRESS_LABELS,
  PROOF_OF_ADDRESS_TYPES,
  STEP_TITLES,
  type IdentityStep,
  type UploadStep,
} from "~/modules/identity/identity.schema";
import type { VerificationView } from "~/modules/identity/identity.server";
import { BackToDashboardLink, Button, buttonClasses, ButtonLink } from "~/components/ui/button";
import { FieldLabel } from "~/components/ui/field";

interface Failure {
  error: string;
  field: string | null;
  title: string;
}

interface Props {
  view: VerificationView;
  step: IdentityStep;
  qrCode: string | null;
  phoneUrl: string;
  submissionId: string;
  failure: Failure | null;
}

const STEPS: IdentityStep[] = [1, 2, 3, 4, 5];

/** A step's state as the bar shows it: a sent step is only green once approved; waiting for review is yellow. */
function stepTone(view: VerificationView, step: IdentityStep, current: IdentityStep): { circle: string; label: string; mark: string } {
  const state = step >= 2 && step <= 4 ? view.stepStates[step as UploadStep] : null;
  if (state === "rejected") return { circle: "bg-red-700 text-white", label: "rejetée", mark: "!" };
  if (state === "pending") return { circle: "bg-amber-300 text-amber-950 ring-2 ring-amber-700", label: "en vérification", mark: "…" };
  if (state === "approved") return { circle: "bg-green-700 text-white", label: "validée", mark: "✓" };
  if (view.completed[step]) return { circle: "bg-green-700 text-white", label: "terminée", mark: "✓" };
  if (step === current) return { circle: "bg-brand-700 text-white", label: "en cours", mark: String(step) };
  return { circle: "bg-slate-200 text-slate-700", label: "à faire", mark: String(step) };
}

function StepBar({ view, step }: { view: VerificationView; step: IdentityStep }) {
  return (
    <nav aria-label="Étapes de la vérification" className="mt-6">
      <ol className="grid grid-cols-5 gap-2">
        {STEPS.map((n) => {
          const tone = stepTone(view, n, step);
          const content = (
            <>
              <span className={`flex size-10 items-center justify-center rounded-full text-base font-bold ${tone.circle}`} aria-hidden="true">
                {tone.mark}
              </span>
              <span className="mt-1 hidden text-center text-xs sm:block" aria-hidden="true">
                {STEP_TITLES[n]}
              </span>
              <span className="text-center text-xs text-slate-800" aria-hidden="true" data-step-state="">
                {tone.label}
              </span>
              <span className="sr-only">
                Étape {n}&#x202f;: {STEP_TITLES[n]}, {tone.label}
              </span>
            </>
          );
          return (
            <li key={n} className="flex flex-col items-center">
              {view.reachable[n] ? (
                <Link
                  to={`/verify-identity?step=${n}`}
                  aria-current={n === step ? "step" : undefined}
                  className="flex min-h-11 flex-col items-center rounded-md p-1 hover:bg-slate-100"
                >
                  {content}
                </Link>
              ) : (
                <span className="flex flex-col items-center p-1 opacity-70">{content}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function RejectionPanel({ view, step }: { view: VerificationView; step: UploadStep }) {
  const rejected = view.documents[step].filter((document) => document.status === "rejected");
  if (!rejected.length) return null;
  return (
    <div role="alert" className="mt-6 rounded-md border-2 border-red-700 bg-red-50 p-4 text-red-900">
      <h2 className="font-bold">{identityMessages.rejectedTitle}</h2>
      <ul className="mt-2 space-y-1">
        {rejected.map((document) => (
          <li key={document.id}>
            {documentLabel(document.documentType, document.documentSide)} — Raison&#x202f;: {document.rejectionReason}
          </li>
        ))}
      </ul>
      <p className="mt-2">Envoyez un nouveau document ci-dessous&#x202f;: l'ancien sera remplacé.</p>
    </div>
  );
}

function SentDocuments({ view, step }: { view: VerificationView; step: UploadStep }) {
  const documents = view.documents[step];
  if (!documents.length) return null;
  const statusLabel = { pending: "en cours de vérification", approved: "validé", rejected: "rejeté" } as const;
  return (
    <div className="mt-4">
      <h3 className="font-semibold">Documents envoyés</h3>
      <ul className="mt-1 space-y-1">
        {documents.map((document) => (
          <li key={document.id} className="flex flex-wrap items-center gap-2">
            <span>
              {documentLabel(document.documentType, document.documentSide)}&#x202f;: {document.fileName} ({statusLabel[document.status]})
            </span>
            {unavailableFileText(document.fileStatus) ? (
              <span className={document.fileStatus === "failed" ? "font-semibold text-red-800" : "text-slate-700"}>{unavailableFileText(document.fileStatus)}</span>
            ) : document.fileId ? (
              <a className={buttonClasses({ variant: "link" })} href={`/fichiers/${document.fileId}`} target="_blank" rel="noreferrer">
                Voir<span className="sr-only"> {document.fileName}</span>
              </a>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function StepStatePanel({ view, step }: { view: VerificationView; step: UploadStep }) {
  const state = view.stepStates[step];
  if (state === "pending")
    return (
      <p className="mt-6 rounded-md border border-amber-600 bg-amber-50 p-4 text-amber-950">
        Vos documents de cette étape sont en cours de vérification par notre équipe (24 à 72 heures ouvrées). Vous pouvez
        encore les remplacer.
      </p>
    );
  if (state === "approved")
    return <p className="mt-6 rounded-md border border-green-700 bg-green-50 p-4 text-green-900">Documents validés pour cette étape.</p>;
  return null;
}

function FileField({ name, label, hint, error, required = true }: { name: string; label: string; hint?: string; error?: string; required?: boolean }) {
  const [preview, setPreview] = useState<{ url: string | null; name: string; problem: string | null } | null>(null);
  useEffect(() => () => void (preview?.url && URL.revokeObjectURL(preview.url)), [preview]);
  const id = `champ-${name}`;
  const problem = preview?.problem ?? error;
  return (
    <div className="mt-4">
      <FieldLabel id={id} label={label} hint={hint} labelClassName="block font-semibold" hintClassName="text-sm text-slate-700" />
      <input
        id={id}
        name={name}
        type="file"
        accept={ACCEPTED_UPLOAD_TYPES}
        capture="environment"
        required={required}
        aria-invalid={problem ? true : undefined}
        aria-describedby={[hint ? `${id}-aide` : "", problem ? `${id}-erreur` : ""].filter(Boolean).join(" ") || undefined}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (!file) return setPreview(null);
          const tooLarge = file.size > MAX_UPLOAD_BYTES;
          const isImage = /^image\/(jpeg|png)$/.test(file.type);
          setPreview({ url: isImage ? URL.createObjectURL(file) : null, name: file.name, problem: tooLarge ? uploadMessages.tooLarge : null });
        }}
        className="mt-2 block w-full rounded-md border border-slate-400 bg-white p-2"
      />
      {problem ? (
        <p id={`${id}-erreur`} className="mt-1 font-semibold text-red-800">
          {problem}
        </p>
      ) : null}
      {preview ? (
        <div className="mt-2 flex items-center gap-3">
          {preview.url ? <img src={preview.url} alt={`Aperçu\u202f: ${label}`} className="h-24 w-auto rounded border border-slate-300" /> : null}
          <span className="text-sm text-slate-700">{preview.name}</span>
        </div>
      ) : null}
    </div>
  );
}

/** The multipart form: a plain post without JavaScript; with it, an XMLHttpRequest that shows the upload's progress. */
function UploadForm({
  step,
  submissionId,
  failure,
  check,
  children,
}: {
  step: UploadStep;
  submissionId: string;
  failure: Failure | null;
  /** A refusal known before sending (a missing side): shown on its field, nothing uploaded. */
  check?: (form: HTMLFormElement) => Failure | null;
  /** The fields, given the failure shown (the server's, or the upload script's): each shows its own error. */
  children: (shown: Failure | null) => React.ReactNode;
}) {
  const navigate = useNavigate();
  const [progress, setProgress] = useState<number | null>(null);
  const [clientFailure, setClientFailure] = useState<Failure | null>(null);
  const busy = useRef(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const shown = clientFailure ?? failure;
  const refuse = (refusal: Failure) => {
    setClientFailure(refusal);
    setFocusRequest((count) => count + 1);
  };
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    const form = event.currentTarget;
    const refused = check?.(form);
    if (refused) return refuse(refused);
    busy.current = true;
    const request = new XMLHttpRequest();
    request.open("POST", `/verify-identity/envoi?step=${step}`);
    request.upload.onprogress = (progressEvent) => {
      if (progressEvent.lengthComputable) setProgress(Math.round((progressEvent.loaded / progressEvent.total) * 100));
    };
    request.onload = () => {
      busy.current = false;
      setProgress(null);
      try {
        const body = JSON.parse(request.responseText) as { location?: string } & Partial<Failure>;
        if (request.status < 300 && body.location) return void navigate(body.location);
        refuse({ error: body.error ?? identityMessages.uploadFailed[step], field: body.field ?? null, title: body.title ?? identityMessages.uploadFailed[step] });
      } catch {
        refuse({ error: identityMessages.uploadFailed[step], field: null, title: identityMessages.uploadFailed[step] });
      }
    };
    request.onerror = () => {
      busy.current = false;
      setProgress(null);
      refuse({ error: identityMessages.uploadFailed[step], field: null, title: identityMessages.uploadFailed[step] });
    };
    setClientFailure(null);
    setProgress(0);
    request.send(new FormData(form));
  }
  return (
    <Form method="post" action={`/verify-identity?step=${step}`} encType="multipart/form-data" onSubmit={onSubmit} className="mt-6" noValidate>
      <input type="hidden" name="submissionId" value={submissionId} />
      {shown ? <ErrorSummary errors={{ [shown.field ?? "formulaire"]: shown.error }} focusRequest={shown === clientFailure ? focusRequest : 0} /> : null}
      {children(shown)}
      {shown?.field && shown.error === uploadMessages.blurry ? (
        <label className="mt-4 flex min-h-11 items-center gap-2">
          <input type="checkbox" name="confirmBlurry" className="size-5" />
          La photo est lisible&#x202f;: l'envoyer quand même
        </label>
      ) : null}
      {progress !== null ? (
        <div className="mt-4">
          <label htmlFor="progression-envoi" className="block text-sm font-semibold">
            Envoi en cours&#x202f;: {progress}&#x202f;%
          </label>
          <progress id="progression-envoi" max={100} value={progress} className="w-full" />
        </div>
      ) : null}
      <Button size="lg" className="mt-6" type="submit" disabled={progress !== null}>
        {progress !== null ? "Envoi en cours..." : "Envoyer"}
      </Button>
    </Form>
  );
}

/** With the scripts: a missing side is said on its field before anything is uploaded (the server says it too). */
function missingSide(step: UploadStep, form: HTMLFormElement): Failure | null {
  const data = new FormData(form);
  const type = data.get("documentType");
  if (typeof type !== "string" || type === "") return null;
  const has = (name: string) => {
    const file = data.get(name);
    return file instanceof File && file.size > 0;
  };
  const title = identityMessages.uploadFailed[step];
  if (type === "passeport") return has("recto") ? null : { error: identityMessages.missingPassportPage, field: "recto", title };
  if (!has("recto") && !has("verso")) return { error: identityMessages.missingSides, field: "recto", title };
  if (!has("recto")) return { error: identityMessages.missingRecto, field: "recto", title };
  if (!has("verso")) return { error: identityMessages.missingVerso, field: "verso", title };
  return null;
}

function IdentityDocumentStep({ view, step, submissionId, failure }: { view: VerificationView; step: 2 | 3; submissionId: string; failure: Failure | null }) {
  const types = IDENTITY_DOCUMENT_TYPES.filter((type) => step === 2 || type !== view.step2Type);
  const [type, setType] = useState<string>("");
  return (
    <UploadForm step={step} submissionId={submissionId} failure={failure} check={(form) => missingSide(step, form)}>
      {(shown) => {
        const fieldError = (name: string) => (shown?.field === name ? shown.error : undefined);
        return (
          <>
            <fieldset id="champ-documentType" tabIndex={-1} aria-describedby={fieldError("documentType") ? "champ-documentType-erreur" : undefined}>
              <legend className="font-semibold">Type de document</legend>
              <div className="mt-2 grid gap-2 sm:grid-cols-2">
                {types.map((value) => (
                  <label key={value} className="flex min-h-11 items-center gap-2 rounded-md border border-slate-300 bg-white px-3">
                    <input type="radio" name="documentType" value={value} required onChange={() => setType(value)} className="size-5" />
                    {DOCUMENT_TYPE_LABELS[value]}
                  </label>
                ))}
              </div>
              {fieldError("documentType") ? (
                <p id="champ-documentType-erreur" className="mt-1 font-semibold text-red-800">
                  {fieldError("documentType")}
                </p>
              ) : null}
            </fieldset>
            <FileField
              name="recto"
              label={type === "passeport" ? "Page photo du passeport" : "Recto (ou page photo du passeport)"}
              hint="Photo ou PDF, 30 Mo au plus. Sur un téléphone, l'appareil photo s'ouvre."
              error={fieldError("recto")}
            />
            {type !== "passeport" ? (
              <FileField name="verso" label="Verso (pas pour un passeport)" required={type !== ""} error={fieldError("verso")} />
            ) : null}
          </>
        );
      }}
    </UploadForm>
  );
}

function ProofOfAddressStep({ view, submissionId, failure }: { view: VerificationView; submissionId: string; failure: Failure | null }) {
  const { address } = view;
  return (
    <UploadForm step={4} submissionId={submissionId} failure={failure}>
      {(shown) => (
        <>
          <p className="text-slate-800">
            Le justificatif doit dater de moins de 3 mois et porter l'adresse de votre profil&#x202f;:{" "}
            <strong>
              {address.address}, {address.postalCode} {address.city}
            </strong>
            .
          </p>
          <fieldset
            id="champ-proofType"
            tabIndex={-1}
            className="mt-4"
            aria-describedby={shown?.field === "proofType" ? "champ-proofType-erreur" : undefined}
          >
            <legend className="font-semibold">Type de justificatif</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {PROOF_OF_ADDRESS_TYPES.map((value) => (
                <label key={value} className="flex min-h-11 items-center gap-2 rounded-md border border-slate-300 bg-white px-3">
                  <input type="radio" name="proofType" value={value} required className="size-5" />
                  {PROOF_OF_ADDRESS_LABELS[value]}
                </label>
              ))}
            </div>
            {shown?.field === "proofType" ? (
              <p id="champ-proofType-erreur" className="mt-1 font-semibold text-red-800">
                {shown.error}
              </p>
            ) : null}
          </fieldset>
          <FileField name="document" label="Justificatif de domicile" hint="Photo ou PDF, 30 Mo au plus." error={shown?.field === "document" ? shown.error : undefined} />
        </>
      )}
    </UploadForm>
  );
}

function Tutorial({ qrCode, phoneUrl }: { qrCode: string | null; phoneUrl: string }) {
  return (
    <div className="mt-6 grid gap-6 md:grid-cols-2">
      <div>
        <h2 className="text-xl font-bold">Ce qu'il vous faut</h2>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>Deux pièces d'identité différentes&#x202f;: carte d'identité, passeport, permis de conduire ou carte de séjour.</li>
          <li>Un justificatif de domicile de moins de 3 mois, à l'adresse de votre profil.</li>
        </ul>
        <h2 className="mt-4 text-xl font-bold">Pour une photo acceptée du premier coup</h2>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>Les quatre coins du document sont visibles.</li>
          <li>Pas de reflet ni de flou&#x202f;: posez le document à plat, près d'une fenêtre.</li>
          <li>Photographiez l'original, pas une photocopie ni un scan.</li>
          <li>Formats acceptés&#x202f;: JPG, JPEG, PNG, HEIC ou PDF, 30 Mo au plus.</li>
        </ul>
        <p className="mt-4 text-sm text-slate-700">
          Vos documents sont chiffrés dès leur réception et ne sont vus que par notre équipe de vérification.
        </p>
        <Form method="post" action="/verify-identity?step=1" className="mt-6">
          <Button size="lg" type="submit">
            J'ai compris, commencer
          </Button>
        </Form>
      </div>
      <div>
        <figure>
          <img src="/verify-identity/exemple.svg" alt="Exemple&#x202f;: une carte posée à plat, ses quatre coins visibles, sans reflet" className="w-full rounded-md border border-slate-300" width={480} height={300} />
          <figcaption className="mt-1 text-sm text-slate-700">Exemple de photo correcte&#x202f;: le document entier, net, sans reflet.</figcaption>
        </figure>
        {qrCode ? (
          <div className="mt-4 flex items-center gap-4 rounded-md border border-slate-300 bg-white p-4">
            <div className="size-32 shrink-0" role="img" aria-label="Code QR pour continuer sur votre téléphone" dangerouslySetInnerHTML={{ __html: qrCode }} />
            <p className="text-sm">
              Plus simple avec un téléphone&#x202f;: scannez ce code pour continuer avec son appareil photo (connectez-vous sur le téléphone), ou ouvrez{" "}
              <span className="break-all font-mono">{phoneUrl}</span>.
            </p>
          </div>
        ) : null}
      </div>
    </div>
  );
}

function StatusStep({ view }: { view: VerificationView }) {
  const text = view.identityVerified
    ? "Votre identité est vérifiée. Vous pouvez soumettre votre dossier."
    : view.overallStatus === "rejected" || view.lowestRejectedStep
      ? "Vérification rejetée\u202f: un ou plusieurs documents sont à renvoyer."
      : "Vérification en cours par l'équipe de conformité (24 à 72 heures ouvrées). Vous serez prévenu par email.";
  return (
    <div className="mt-6 rounded-md border border-slate-300 bg-white p-5">
      <h2 className="text-xl font-bold">{IDENTITY_STATUS_LABELS[view.identity]}</h2>
      <p className="mt-2">{text}</p>
      {view.rejected.length ? (
        <ul className="mt-2 space-y-1 text-red-900">
          {view.rejected.map((document) => (
            <li key={document.id}>
              {documentLabel(document.documentType, document.documentSide)} — Raison&#x202f;: {document.rejectionReason}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        {view.lowestRejectedStep ? (
          <ButtonLink size="lg" to={`/verify-identity?step=${view.lowestRejectedStep}`}>
            Reprendre la vérification
          </ButtonLink>
        ) : null}
        <ButtonLink variant="secondary" size="lg" to="/verify-identity?step=5" reloadDocument>
          Rafraîchir
        </ButtonLink>
        <BackToDashboardLink variant="secondary" />
      </div>
    </div>
  );
}

export function IdentityStepPage({ view, step, qrCode, phoneUrl, submissionId, failure }: Props) {
  const next = (step + 1) as IdentityStep;
  const previous = (step - 1) as IdentityStep;
  const canGoNext = step < 5 && view.completed[step] && view.reachable[next];
  return (
    <section aria-labelledby="titre-verification" className="mx-auto max-w-4xl px-4 pb-10 pt-4">
      <h1 id="titre-verification" className="text-3xl font-bold text-slate-900">
        Vérification d'identité
      </h1>
      <div className="mt-4">
        <label htmlFor="progression-verification" className="text-sm font-semibold">
          Progression&#x202f;: {view.progress}&#x202f;%
        </label>
        <progress id="progression-verification" max={100} value={view.progress} className="block w-full" />
      </div>
      <StepBar view={view} step={step} />
      <h2 className="mt-8 text-2xl font-bold">
        Étape {step} sur 5&#x202f;: {STEP_TITLES[step]}
      </h2>
      {step >= 2 && step <= 4 ? (
        <>
          <RejectionPanel view={view} step={step as UploadStep} />
          <StepStatePanel view={view} step={step as UploadStep} />
          <SentDocuments view={view} step={step as UploadStep} />
        </>
      ) : null}
      {step === 1 ? <Tutorial qrCode={qrCode} phoneUrl={phoneUrl} /> : null}
      {step === 2 || step === 3 ? <IdentityDocumentStep key={step} view={view} step={step} submissionId={submissionId} failure={failure} /> : null}
      {step === 4 ? <ProofOfAddressStep view={view} submissionId={submissionId} failure={failure} /> : null}
      {step === 5 ? <StatusStep view={view} /> : null}
      <div className="mt-8 flex justify-between gap-3">
        {step > 1 ? (
          <ButtonLink variant="secondary" size="lg" to={`/verify-identity?step=${previous}`}>
            Précédent
          </ButtonLink>
        ) : (
          <span />
        )}
        {step < 5 ? (
          canGoNext ? (
            <ButtonLink variant="secondary" size="lg" to={`/verify-identity?step=${next}`}>
              Suivant
            </ButtonLink>
          ) : (
            <Button variant="secondary" size="lg" className="cursor-not-allowed opacity-60" type="button" disabled>
              Suivant
            </Button>
          )
        ) : null}
      </div>
    </section>
  );
}
