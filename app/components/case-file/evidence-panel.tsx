import { useRef, useState, type DragEvent, type FormEvent } from "react";
import { Form, useRevalidator } from "react-router";
import { ErrorSummary } from "~/components/form-controls";
import {
  EVIDENCE_CATEGORY_OPTIONS,
  EVIDENCE_DESCRIPTION_MAX,
  EVIDENCE_FILE_FIELD,
  EVIDENCE_FILES_PER_UPLOAD,
  evidenceCategoryLabel,
  evidenceMessages,
  type EvidencePanelView,
} from "~/modules/case-file/evidence.schema";
import { unavailableFileText } from "~/modules/files/file-states";
import { ACCEPTED_UPLOAD_TYPES, MAX_UPLOAD_BYTES, uploadMessages } from "~/modules/files/upload-messages";
import { buttonClasses } from "~/components/ui/button";
import { formatDate, formatSize } from "~/lib/format";

const PRIMARY = buttonClasses({ size: "lg" }, "disabled:opacity-60");
const SECONDARY = buttonClasses({ variant: "secondary", size: "lg" });

function UploadForm({ caseId }: { caseId: string }) {
  const revalidator = useRevalidator();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File[]>([]);
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<{ field: string; error: string; request: number } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const action = `/case/${encodeURIComponent(caseId)}/preuves`;

  function choose(files: File[]) {
    setChosen(files);
    setDone(null);
    const tooLarge = files.find((file) => file.size > MAX_UPLOAD_BYTES);
    const tooMany = files.length > EVIDENCE_FILES_PER_UPLOAD;
    setFailure(tooLarge ? { field: EVIDENCE_FILE_FIELD, error: uploadMessages.tooLarge, request: Date.now() } : tooMany ? { field: EVIDENCE_FILE_FIELD, error: uploadMessages.tooManyFiles, request: Date.now() } : null);
  }

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDragging(false);
    if (!input.current || event.dataTransfer.files.length === 0) return;
    // Dropped files go into the input, so the form posts them as if they had been chosen.
    const transfer = new DataTransfer();
    for (const file of Array.from(event.dataTransfer.files)) transfer.items.add(file);
    input.current.files = transfer.files;
    choose(Array.from(transfer.files));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (progress !== null) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const files = data.getAll(EVIDENCE_FILE_FIELD).filter((value) => value instanceof File && value.name);
    if (files.length === 0) return setFailure({ field: EVIDENCE_FILE_FIELD, error: uploadMessages.noFile, request: Date.now() });
    if (!data.get("category")) return setFailure({ field: "category", error: evidenceMessages.chooseCategory, request: Date.now() });
    if (!String(data.get("description") ?? "").trim()) return setFailure({ field: "description", error: evidenceMessages.describe, request: Date.now() });
    const request = new XMLHttpRequest();
    request.open("POST", action);
    request.setRequestHeader("Accept", "application/json");
    request.upload.onprogress = (progressEvent) => {
      if (progressEvent.lengthComputable) setProgress(Math.round((progressEvent.loaded / progressEvent.total) * 100));
    };
    request.onload = () => {
      setProgress(null);
      let body: { message?: string; error?: string; field?: string | null } = {};
      try {
        body = JSON.parse(request.responseText) as typeof body;
      } catch {
        // An HTML error page (404 for a case no longer reachable): the generic message below.
      }
      if (request.status < 300 && body.message) {
        form.reset();
        setChosen([]);
        setFailure(null);
        setDone(body.message);
        void revalidator.revalidate();
        return;
      }
      setFailure({ field: body.field ?? "formulaire", error: body.error ?? evidenceMessages.uploadFailed, request: Date.now() });
    };
    request.onerror = () => {
      setProgress(null);
      setFailure({ field: "formulaire", error: uploadMessages.interrupted, request: Date.now() });
    };
    setFailure(null);
    setDone(null);
    setProgress(0);
    request.send(data);
  }

  const fieldError = (field: string) => (failure?.field === field ? failure.error : undefined);
  return (
    <Form method="post" action={action} encType="multipart/form-data" onSubmit={onSubmit} noValidate className="mt-6 space-y-4 rounded-lg border border-slate-300 p-4">
      <h3 className="text-lg font-bold text-slate-900">Ajouter des preuves</h3>
      {failure ? <ErrorSummary errors={{ [failure.field]: failure.error }} focusRequest={failure.request} /> : null}
      <div>
        <label
          htmlFor="champ-fichiers"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={`block cursor-pointer rounded-lg border-2 border-dashed p-4 text-center ${dragging ? "border-brand-700 bg-brand-50" : "border-slate-400 bg-slate-50"}`}
        >
          <span className="block font-semibold text-slate-900">Fichiers (photos, captures d'écran ou PDF)</span>
          <span id="champ-fichiers-aide" className="block text-sm text-slate-700">
            Glissez-les ici ou choisissez-les&#x202f;: JPG, PNG, HEIC ou PDF, 30 Mo au plus chacun, {EVIDENCE_FILES_PER_UPLOAD} fichiers par envoi.
          </span>
        </label>
        <input
          ref={input}
          id="champ-fichiers"
          name={EVIDENCE_FILE_FIELD}
          type="file"
          multiple
          required
          accept={ACCEPTED_UPLOAD_TYPES}
          aria-describedby={`champ-fichiers-aide${fieldError(EVIDENCE_FILE_FIELD) ? " champ-fichiers-erreur" : ""}`}
          aria-invalid={fieldError(EVIDENCE_FILE_FIELD) ? true : undefined}
          onChange={(event) => choose(Array.from(event.currentTarget.files ?? []))}
          className="mt-2 block w-full rounded-md border border-slate-400 bg-white p-2"
        />
        {fieldError(EVIDENCE_FILE_FIELD) ? (
          <p id="champ-fichiers-erreur" className="mt-1 font-semibold text-red-800">
            {fieldError(EVIDENCE_FILE_FIELD)}
          </p>
        ) : null}
        {chosen.length > 0 ? (
          <ul className="mt-2 text-sm text-slate-700">
            {chosen.map((file) => (
              <li key={`${file.name}-${file.size}`}>
                {file.name} ({formatSize(file.size)})
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div>
        <label htmlFor="champ-category" className="block font-semibold">
          Type de preuve
        </label>
        <select
          id="champ-category"
          name="category"
          required
          defaultValue=""
          aria-invalid={fieldError("category") ? true : undefined}
          aria-describedby={fieldError("category") ? "champ-category-erreur" : undefined}
          className="mt-2 block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3"
        >
          <option value="" disabled>
            Choisissez…
          </option>
          {EVIDENCE_CATEGORY_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        {fieldError("category") ? (
          <p id="champ-category-erreur" className="mt-1 font-semibold text-red-800">
            {fieldError("category")}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor="champ-description" className="block font-semibold">
          Description en une ligne
        </label>
        <input
          id="champ-description"
          name="description"
          type="text"
          required
          maxLength={EVIDENCE_DESCRIPTION_MAX}
          placeholder="Par exemple&#x202f;: virement du 12 mars à « Marc »"
          aria-invalid={fieldError("description") ? true : undefined}
          aria-describedby={fieldError("description") ? "champ-description-erreur" : undefined}
          className="mt-2 block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3"
        />
        {fieldError("description") ? (
          <p id="champ-description-erreur" className="mt-1 font-semibold text-red-800">
            {fieldError("description")}
          </p>
        ) : null}
      </div>
      {progress !== null ? (
        <div>
          <label htmlFor="progression-preuves" className="block text-sm font-semibold">
            Envoi en cours&#x202f;: {progress}&#x202f;%
          </label>
          <progress id="progression-preuves" max={100} value={progress} className="w-full" />
        </div>
      ) : null}
      <p role="status" className="font-semibold text-green-800">
        {done}
      </p>
      <button type="submit" className={PRIMARY} disabled={progress !== null}>
        {progress !== null ? "Envoi en cours..." : "Ajouter au dossier"}
      </button>
    </Form>
  );
}

/** The case's evidence files (list, download through a fresh 60-second link) and, for its client, the upload form. */
export function EvidencePanel({ view }: { view: EvidencePanelView }) {
  return (
    <section id="preuves" aria-labelledby="titre-preuves" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="titre-preuves" className="text-xl font-bold text-slate-900">
        Preuves
      </h2>
      {view.items.length === 0 ? (
        <p className="mt-2 text-slate-800">Aucune preuve n'a encore été ajoutée.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200" data-evidence-list="">
          {view.items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="break-words font-semibold text-slate-900">{item.fileName}</p>
                <p className="text-slate-800">{item.description}</p>
                <p className="text-sm text-slate-700">
                  {evidenceCategoryLabel(item.category)} · ajoutée le {formatDate(item.uploadedAt)} · {formatSize(item.sizeBytes)}
                </p>
              </div>
              {unavailableFileText(item.fileStatus) ? (
                <p className={item.fileStatus === "failed" ? "font-semibold text-red-800" : "text-slate-700"}>{unavailableFileText(item.fileStatus)}</p>
              ) : (
                <a href={`/fichiers/${item.fileId}?download=1`} className={SECONDARY}>
                  Télécharger<span className="sr-only"> {item.fileName}</span>
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
      {view.canUpload ? <UploadForm caseId={view.caseId} /> : view.closed ? <p className="mt-4 text-slate-800">{evidenceMessages.caseClosed}</p> : null}
    </section>
  );
}

/** The documents generated from the case: the complaint pack, and one contestation letter per bank. */
export function CaseDocumentsPanel({ view }: { view: EvidencePanelView }) {
  const base = `/case/${encodeURIComponent(view.caseId)}`;
  return (
    <section aria-labelledby="titre-documents" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="titre-documents" className="text-xl font-bold text-slate-900">
        Documents à remettre
      </h2>
      <p className="mt-2 text-slate-800">
        Générés à partir du dossier au moment où vous les téléchargez&#x202f;: à remettre à la police, à la banque ou à l'avocat.
      </p>
      <ul className="mt-4 flex flex-wrap gap-3">
        <li>
          <a href={`${base}/dossier.pdf`} className={PRIMARY} download>
            Dossier de plainte (PDF)
          </a>
        </li>
        {(view.banks.length ? view.banks : [null]).map((bank) => (
          <li key={bank ?? "banque"}>
            <a href={`${base}/lettre-banque.pdf${bank ? `?bank=${encodeURIComponent(bank)}` : ""}`} className={SECONDARY} download>
              Lettre de contestation{bank ? ` à ${bank}` : " à la banque"} (PDF)
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
