import { Form } from "react-router";
import { FormAlert, SubmitButton, useFormValidation, ValidatedForm } from "~/components/form-controls";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { controlClasses, Field, SelectField, TextField } from "~/components/ui/field";
import { useSubmitting } from "~/components/use-submitting";
import { formatDate, formatSize } from "~/lib/format";
import {
  DOCUMENT_KIND_LABELS,
  DOCUMENT_KINDS,
  DOCUMENT_LABEL_MAX,
  DOCUMENT_NOTE_MAX,
  DOCUMENT_REQUESTS_ANCHOR,
  DOCUMENT_STATUS_LABELS,
  documentRequestSchema,
  OVERDUE_LABEL,
  UNAVAILABLE_REASON_MAX,
  type DocumentRequestActionData,
  type DocumentRequestsPanel,
  type DocumentRequestView,
} from "~/modules/case-file/document-requests.schema";
import { EVIDENCE_FILE_FIELD, EVIDENCE_FILES_PER_UPLOAD } from "~/modules/case-file/evidence.schema";
import { unavailableFileText } from "~/modules/files/file-states";
import { ACCEPTED_UPLOAD_TYPES } from "~/modules/files/upload-messages";

/** Whether the case page's action answered one of the checklist's forms. */
export function isDocumentRequestAnswer(answer: object): answer is DocumentRequestActionData {
  return "intent" in answer && typeof answer.intent === "string" && answer.intent.startsWith("document-");
}

const REQUEST_ORDER = ["documentKind", "documentLabel", "dueOn", "documentNote"] as const;
const STATUS_TONES = { requested: "attention", provided: "attention", unavailable: "attention", accepted: "success" } as const;

function postTo(caseId: string, intent: DocumentRequestActionData["intent"]): string {
  return `/case/${encodeURIComponent(caseId)}?intent=${intent}`;
}

function ItemFiles({ item }: { item: DocumentRequestView }) {
  if (item.files.length === 0) return null;
  return (
    <ul className="mt-2 space-y-1" data-document-files="">
      {item.files.map((file) => (
        <li key={file.id} className="flex flex-wrap items-center gap-2 text-slate-800">
          {unavailableFileText(file.fileStatus) ? (
            <span>
              {file.fileName} — {unavailableFileText(file.fileStatus)}
            </span>
          ) : (
            <a href={`/fichiers/${file.fileId}?download=1`} className="font-semibold text-brand-800 underline">
              {file.fileName}
            </a>
          )}
          <span className="text-sm text-slate-700">
            ({formatSize(file.sizeBytes)}, le {formatDate(file.uploadedAt)})
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The client's answers to an item: send a file (the evidence upload, against this item), or "Je ne l'ai pas". */
function ClientAnswer({ panel, item, failed }: { panel: DocumentRequestsPanel; item: DocumentRequestView; failed?: DocumentRequestActionData }) {
  const fileId = `champ-fichiers-${item.id}`;
  const reasonId = `champ-unavailableReason-${item.id}`;
  const reasonError = failed?.fieldErrors.unavailableReason;
  return (
    <div className="mt-3 space-y-3">
      <form
        method="post"
        encType="multipart/form-data"
        action={`/case/${encodeURIComponent(panel.caseId)}/preuves?documentRequest=${encodeURIComponent(item.id)}`}
        className="space-y-2 rounded-lg border border-slate-300 p-3"
        data-document-upload=""
      >
        <label htmlFor={fileId} className="block font-semibold text-slate-900">
          {item.files.length ? "Envoyer un autre fichier pour ce document" : "Envoyer ce document"}
        </label>
        <p id={`${fileId}-aide`} className="text-sm text-slate-700">
          JPG, PNG, HEIC ou PDF, 30&#x202f;Mo au plus chacun, {EVIDENCE_FILES_PER_UPLOAD} fichiers par envoi. Il rejoint aussi vos preuves.
        </p>
        <input id={fileId} name={EVIDENCE_FILE_FIELD} type="file" multiple required accept={ACCEPTED_UPLOAD_TYPES} aria-describedby={`${fileId}-aide`} className="block w-full rounded-md border border-slate-400 bg-white p-2" />
        <Button type="submit" variant="secondary">
          Envoyer<span className="sr-only"> le fichier pour «&#x202f;{item.label}&#x202f;»</span>
        </Button>
      </form>
      {item.status === "requested" ? (
        <details className="rounded-lg border border-slate-300 p-3" open={failed ? true : undefined}>
          <summary className="cursor-pointer font-semibold text-slate-900">Je ne l'ai pas</summary>
          <Form method="post" action={postTo(panel.caseId, "document-unavailable")} className="mt-2 space-y-2" data-document-unavailable="">
            <FormAlert message={failed?.formError} />
            <input type="hidden" name="requestId" value={item.id} />
            <Field
              id={reasonId}
              label="Pourquoi ne l'avez-vous pas&#x202f;?"
              hint={`Quelques mots pour votre avocat, ${UNAVAILABLE_REASON_MAX} caractères au plus.`}
              error={reasonError}
              control={(control) => (
                <textarea name="unavailableReason" rows={3} maxLength={UNAVAILABLE_REASON_MAX} defaultValue={failed?.values.unavailableReason} className={controlClasses(reasonError)} {...control} />
              )}
            />
            <Button type="submit" variant="secondary">
              Indiquer que je ne l'ai pas
            </Button>
          </Form>
        </details>
      ) : null}
    </div>
  );
}

/** The lawyer's decisions on an answered item: accept it (closes it), or ask again. */
function LawyerDecision({ panel, item }: { panel: DocumentRequestsPanel; item: DocumentRequestView }) {
  if (item.status !== "provided" && item.status !== "unavailable") return null;
  return (
    <div className="mt-3 flex flex-wrap gap-3">
      <Form method="post" action={postTo(panel.caseId, "document-accept")}>
        <input type="hidden" name="requestId" value={item.id} />
        <Button type="submit">
          Accepter<span className="sr-only"> «&#x202f;{item.label}&#x202f;»</span>
        </Button>
      </Form>
      <Form method="post" action={postTo(panel.caseId, "document-reopen")}>
        <input type="hidden" name="requestId" value={item.id} />
        <Button type="submit" variant="secondary">
          Redemander<span className="sr-only"> «&#x202f;{item.label}&#x202f;»</span>
        </Button>
      </Form>
    </div>
  );
}

function Item({ panel, item, actionData }: { panel: DocumentRequestsPanel; item: DocumentRequestView; actionData?: DocumentRequestActionData }) {
  const mine = actionData?.values.requestId === item.id ? actionData : undefined;
  const forOwner = panel.viewer === "owner";
  return (
    <li className="py-4" data-document-request={item.status} data-overdue={item.overdue ? "" : undefined}>
      <h3 className="flex flex-wrap items-center gap-2 text-lg font-bold text-slate-900">
        <span className="break-words">{item.label}</span>
        <Badge tone={STATUS_TONES[item.status]}>{item.status === "unavailable" && forOwner ? "Vous ne l'avez pas" : DOCUMENT_STATUS_LABELS[item.status]}</Badge>
        {item.overdue ? <Badge className="bg-red-100 text-red-950 ring-red-700">{OVERDUE_LABEL}</Badge> : null}
      </h3>
      {item.dueOn ? (
        <p className={item.overdue ? "font-semibold text-red-800" : "text-slate-800"}>
          À fournir au plus tard le <time dateTime={item.dueOn}>{formatDate(item.dueOn)}</time>
        </p>
      ) : null}
      {item.note ? <p className="mt-1 whitespace-pre-line break-words text-slate-800">{item.note}</p> : null}
      {item.unavailableReason ? (
        <p className="mt-1 whitespace-pre-line break-words text-slate-800">
          {forOwner ? "Votre réponse" : "Le client n'a pas ce document"}&#x202f;: {item.unavailableReason}
        </p>
      ) : null}
      <ItemFiles item={item} />
      {mine?.formError && !(panel.mayAnswer && item.status === "requested") ? <FormAlert message={mine.formError} /> : null}
      {panel.mayAnswer && item.status !== "accepted" ? <ClientAnswer panel={panel} item={item} failed={mine} /> : null}
      {panel.mayRequest ? <LawyerDecision panel={panel} item={item} /> : null}
    </li>
  );
}

/** The lawyer's form: one document at a time, from the list or in their own words, with a due date and a note. */
function RequestForm({ panel, actionData }: { panel: DocumentRequestsPanel; actionData?: DocumentRequestActionData }) {
  const busy = useSubmitting();
  const mine = actionData?.intent === "document-request" ? actionData : undefined;
  const { errors, focusRequest, validate, clear } = useFormValidation(documentRequestSchema, mine?.fieldErrors as Record<string, string> | undefined);
  const values = mine?.values ?? {};
  return (
    <section aria-labelledby="titre-demander-document" className="mt-4 space-y-3 border-t border-slate-200 pt-4">
      <h3 id="titre-demander-document" className="text-lg font-bold text-slate-900">
        Demander un document
      </h3>
      <p className="text-slate-800">Votre client est prévenu par e-mail et l'envoie depuis cette page, ou vous dit qu'il ne l'a pas.</p>
      <ValidatedForm action={postTo(panel.caseId, "document-request")} validation={{ validate, clear, errors, focusRequest }} errorOrder={REQUEST_ORDER} className="space-y-4" data-document-request-form="">
        <FormAlert message={mine?.formError} />
        <SelectField name="documentKind" label="Document" defaultValue={values.documentKind ?? ""} error={errors.documentKind}>
          <option value="" disabled>
            Choisissez…
          </option>
          {DOCUMENT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {DOCUMENT_KIND_LABELS[kind]}
            </option>
          ))}
        </SelectField>
        <TextField name="documentLabel" label="Document à préciser" hint="Seulement pour «&#x202f;Autre document&#x202f;»&#x202f;: ce que le client doit envoyer." maxLength={DOCUMENT_LABEL_MAX} defaultValue={values.documentLabel} error={errors.documentLabel} />
        <TextField name="dueOn" label="À fournir au plus tard le (facultatif)" hint="JJ-MM-AAAA, aujourd'hui ou plus tard" inputMode="numeric" autoComplete="off" defaultValue={values.dueOn} error={errors.dueOn} />
        <Field
          id="champ-documentNote"
          label="Note pour le client (facultatif)"
          error={errors.documentNote}
          control={(control) => <textarea name="documentNote" rows={3} maxLength={DOCUMENT_NOTE_MAX} defaultValue={values.documentNote} className={controlClasses(errors.documentNote)} {...control} />}
        />
        <SubmitButton busy={busy} busyLabel="Envoi…">
          Demander ce document
        </SubmitButton>
      </ValidatedForm>
    </section>
  );
}

/** The case page's checklist of documents the lawyer asked for (decision 85). */
export function DocumentRequestsSection({ panel, actionData }: { panel: DocumentRequestsPanel; actionData?: DocumentRequestActionData }) {
  const forOwner = panel.viewer === "owner";
  if (panel.items.length === 0 && !panel.mayRequest) return null;
  const overdue = panel.items.filter((item) => item.overdue).length;
  return (
    <section id={DOCUMENT_REQUESTS_ANCHOR} aria-labelledby="titre-documents-demandes" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200" data-document-requests="">
      <h2 id="titre-documents-demandes" className="text-xl font-bold text-slate-900">
        Documents demandés
      </h2>
      <p className="mt-2 text-slate-800">
        {forOwner
          ? "Votre avocat a besoin de ces documents. Envoyez chacun depuis sa ligne, ou indiquez que vous ne l'avez pas."
          : "Les documents demandés au client, et où il en est."}
      </p>
      {overdue > 0 ? (
        <p className="mt-2 rounded-md border-l-4 border-red-700 bg-red-50 p-3 font-semibold text-red-900" data-documents-overdue="">
          {overdue === 1 ? "Un document est en retard." : `${overdue} documents sont en retard.`}
        </p>
      ) : null}
      {panel.items.length === 0 ? (
        <p className="mt-2 text-slate-800">Aucun document n'a encore été demandé.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200">
          {panel.items.map((item) => (
            <Item key={item.id} panel={panel} item={item} actionData={actionData} />
          ))}
        </ul>
      )}
      {panel.mayRequest ? <RequestForm panel={panel} actionData={actionData} /> : null}
    </section>
  );
}
