import { data, Form } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { controlClasses } from "~/components/ui/field";
import type { Route } from "./+types/admin-documents";
import { BackOfficePage, FilterSelect, filterOptions, ListAlert, Pagination, SearchForm, useListHref } from "~/components/back-office/back-office-page";
import { ErrorSummary } from "~/components/form-controls";
import { pageTitle } from "~/content/site";
import { PdfPreview } from "~/components/identity/pdf-preview";
import { ZoomableImage } from "~/components/identity/zoomable-image";
import { isoToFrenchDate } from "~/lib/dates";
import { staffListLoader } from "~/modules/back-office/staff-list.server";
import { unavailableFileText } from "~/modules/files/file-states";
import { reviewDocumentGroup, reviewQueue, type ReviewGroup } from "~/modules/identity/identity.server";
import { documentLabel, OTHER_REASON, PROOF_OF_ADDRESS_LABELS, REJECTION_REASONS, REVIEW_STATUS_FILTERS, REVIEW_STATUS_LABELS, reviewDecisionSchema, reviewQuerySchema, STEP_TITLES } from "~/modules/identity/identity.schema";
import { NotFoundError } from "~/platform/actor";
import { redirectWithToast } from "~/platform/flash.server";
import { parseForm } from "~/platform/form.server";
import { requireRole } from "~/platform/guards.server";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Documents d'identité") }, { name: "robots", content: "noindex" }];

export const loader = staffListLoader("admin", reviewQuerySchema, reviewQueue);

export async function action({ url, request, context }: Route.ActionArgs) {
  const actor = requireRole(context, "admin");
  const form = await parseForm(request, reviewDecisionSchema);
  if (!form.ok) {
    return data({ groupId: form.values.documentId ?? null, error: form.fieldErrors.reason ?? form.fieldErrors.documentId ?? "Décision illisible." }, { status: 400 });
  }
  try {
    const result = await reviewDocumentGroup(actor, form.data);
    if (!result.ok) return data({ groupId: form.data.documentId, error: result.message }, { status: result.status });
    return redirectWithToast(`/admin/documents${url.search}`, {
      title: result.message,
      description: result.identityVerified ? "Les trois étapes sont validées\u202f: l'identité de la personne est vérifiée." : undefined,
      tone: "success",
    });
  } catch (error) {
    if (error instanceof NotFoundError) return data({ groupId: form.data.documentId, error: "Ce document n'existe plus." }, { status: 404 });
    throw error;
  }
}

const STATUS_STYLE = {
  pending: "bg-amber-100 text-amber-950 ring-amber-600",
  approved: "bg-green-100 text-green-950 ring-green-700",
  rejected: "bg-red-100 text-red-950 ring-red-700",
} as const;
const BUTTON = "inline-flex min-h-11 items-center justify-center rounded-md px-4 font-semibold";

function DocumentPreview({ document }: { document: ReviewGroup["documents"][number] }) {
  if (!document.fileId) return <p className="text-sm text-slate-700">Fichier indisponible.</p>;
  const href = `/fichiers/${document.fileId}`;
  const label = document.side === "single" ? "Document" : document.side === "recto" ? "Recto" : "Verso";
  const isImage = /^image\/(jpeg|png)$/.test(document.mediaType);
  const isPdf = document.mediaType === "application/pdf";
  // A HEIC photo still converting, or whose conversion failed: no preview and no link (file-states.ts).
  const unavailable = unavailableFileText(document.fileStatus);
  if (unavailable) {
    return (
      <figure className="rounded-md border border-slate-300 bg-white p-2">
        <p className={`p-4 text-sm ${document.fileStatus === "failed" ? "font-semibold text-red-800" : ""}`}>{unavailable}</p>
        <figcaption className="mt-2 text-sm">
          <span className="font-semibold">{label}</span> · <span className="break-all">{document.fileName}</span>
        </figcaption>
      </figure>
    );
  }
  return (
    <figure className="rounded-md border border-slate-300 bg-white p-2">
      {isImage ? (
        <ZoomableImage src={href} alt={`${label}\u202f: ${document.fileName}`} />
      ) : isPdf ? (
        <PdfPreview src={href} name={document.fileName} />
      ) : (
        <p className="p-4 text-sm">Aperçu indisponible pour ce type de fichier.</p>
      )}
      <figcaption className="mt-2 text-sm">
        <span className="font-semibold">{label}</span> · <span className="break-all">{document.fileName}</span> · {document.size}
        <span className="block">
          <a href={href} target="_blank" rel="noreferrer" className={buttonClasses({ variant: "link" })}>
            {isImage ? "Agrandir" : "Ouvrir"}
            <span className="sr-only"> {document.fileName}</span>
          </a>
          {isImage ? null : (
            <a href={`${href}?download=1`} className={buttonClasses({ variant: "link" }, "ml-4")}>
              Télécharger<span className="sr-only"> {document.fileName}</span>
            </a>
          )}
        </span>
        {document.rejectionReason ? <span className="block text-red-900">Raison&#x202f;: {document.rejectionReason}</span> : null}
      </figcaption>
    </figure>
  );
}

function ReviewActions({ group, error }: { group: ReviewGroup; error: string | null }) {
  if (group.status !== "pending") return null;
  if (group.ownDocuments) return <p className="font-semibold">Vos propres documents&#x202f;: un autre administrateur doit les examiner.</p>;
  const reasonId = `raison-${group.groupId}`;
  return (
    <div className="mt-4 flex flex-wrap items-start gap-4">
      <Form method="post">
        <input type="hidden" name="documentId" value={group.groupId} />
        <button type="submit" name="decision" value="approve" className={`${BUTTON} bg-green-700 text-white hover:bg-green-800`}>
          Approuver<span className="sr-only"> {documentLabel(group.documentType, "single")} de {group.firstName} {group.lastName}</span>
        </button>
      </Form>
      <Form method="post" className="flex flex-col gap-2 rounded-md border border-slate-300 bg-white p-3">
        <input type="hidden" name="documentId" value={group.groupId} />
        {error ? <ErrorSummary errors={{ [`reason-${group.groupId}`]: error }} fieldIds={{ [`reason-${group.groupId}`]: reasonId }} /> : null}
        <label htmlFor={reasonId} className="font-semibold">
          Raison du rejet
        </label>
        <select id={reasonId} name="reason" defaultValue="" className={controlClasses(undefined)}>
          <option value="">Choisir une raison</option>
          {REJECTION_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {reason}
            </option>
          ))}
          <option value={OTHER_REASON}>{OTHER_REASON}</option>
        </select>
        <label htmlFor={`autre-${group.groupId}`} className="text-sm">
          Autre raison (si « {OTHER_REASON} »)
        </label>
        <textarea id={`autre-${group.groupId}`} name="otherReason" maxLength={1000} rows={2} className={controlClasses(undefined)} />
        <button type="submit" name="decision" value="reject" className={`${BUTTON} bg-red-700 text-white hover:bg-red-800`}>
          Rejeter<span className="sr-only"> les documents de {group.firstName} {group.lastName}</span>
        </button>
      </Form>
    </div>
  );
}

function GroupCard({ group, error }: { group: ReviewGroup; error: string | null }) {
  const type = group.stepNumber === 4 && group.documents[0]?.proofType ? PROOF_OF_ADDRESS_LABELS[group.documents[0].proofType] : documentLabel(group.documentType, "single");
  return (
    <li className="rounded-lg border border-slate-300 bg-slate-50 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-bold">
          {type} · étape {group.stepNumber} ({STEP_TITLES[group.stepNumber]})
        </h2>
        <span className={`rounded-full px-3 py-1 text-sm font-semibold ring-1 ${STATUS_STYLE[group.status]}`}>{REVIEW_STATUS_LABELS[group.status]}</span>
      </div>
      <div className="mt-3 grid gap-4 lg:grid-cols-[16rem_1fr]">
        <dl className="space-y-1 text-sm">
          <div>
            <dt className="font-semibold">Personne</dt>
            <dd>
              {group.firstName} {group.lastName}
            </dd>
          </div>
          <div>
            <dt className="font-semibold">Email</dt>
            <dd className="break-all">{group.email}</dd>
          </div>
          <div>
            <dt className="font-semibold">Date de naissance</dt>
            <dd>{group.birthDate ? isoToFrenchDate(group.birthDate) : "non renseignée"}</dd>
          </div>
          <div>
            <dt className="font-semibold">Adresse</dt>
            <dd>{group.address ? `${group.address}, ${group.postalCode ?? ""} ${group.city ?? ""}` : "non renseignée"}</dd>
          </div>
          <div>
            <dt className="font-semibold">Envoyé le</dt>
            <dd>{isoToFrenchDate(group.day)}</dd>
          </div>
        </dl>
        <div className="grid gap-3 sm:grid-cols-2">
          {group.documents.map((document) => (
            <DocumentPreview key={document.id} document={document} />
          ))}
        </div>
      </div>
      <ReviewActions group={group} error={error} />
    </li>
  );
}

const STATUS_OPTIONS = filterOptions(REVIEW_STATUS_FILTERS, REVIEW_STATUS_LABELS);

export default function AdminDocumentsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { page, query } = loaderData;
  const href = useListHref();
  return (
    <BackOfficePage
      id="titre-documents"
      title="Documents d'identité"
      intro={`${page.pendingGroups} groupe(s) en attente. Comparez chaque pièce au profil avant de décider\u202f; chaque décision est enregistrée.`}
    >
      <SearchForm label="Rechercher" placeholder="Email, prénom, nom ou nom de fichier" value={query.q} submitLabel="Filtrer">
        <FilterSelect id="status" name="status" label="Statut" value={query.status} options={STATUS_OPTIONS} />
      </SearchForm>
      {actionData && !page.groups.some((group) => group.groupId === actionData.groupId && group.status === "pending") ? (
        <ListAlert>{actionData.error}</ListAlert>
      ) : null}
      {page.groups.length === 0 ? (
        <p className="mt-8">Aucun document ne correspond.</p>
      ) : (
        <ul className="mt-6 space-y-6">
          {page.groups.map((group) => (
            <GroupCard key={group.groupId} group={group} error={actionData && actionData.groupId === group.groupId ? actionData.error : null} />
          ))}
        </ul>
      )}
      <Pagination
        back={page.firstPage ? null : { to: href({ after: null, page: null }), label: "Première page" }}
        status={`${page.totalCapped ? `${page.total.toLocaleString("fr-FR")}+` : page.total} groupe(s)`}
        next={page.nextCursor ? { to: href({ after: page.nextCursor, page: null }), label: "Page suivante" } : null}
      />
    </BackOfficePage>
  );
}
