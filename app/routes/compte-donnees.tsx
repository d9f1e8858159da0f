import { AccountSection } from "~/components/account/account-section";
import { data } from "react-router";
import { DeleteAccountSection } from "~/components/account/delete-account-section";
import type { Route } from "./+types/compte-donnees";
import { FormAlert, PasswordField, SubmitButton, useFormValidation, ValidatedForm } from "~/components/form-controls";
import { pageTitle } from "~/content/site";
import { keysetCursor } from "~/platform/keyset";
import { personalDataReadsFor } from "~/modules/privacy/access-log.server";
import { DATA_EXPORT_INTENT, dataExportMessages, dataExportRequestSchema } from "~/modules/privacy/data-export.schema";
import { dataExportStatusFor, requestDataExport, type DataExportStatus } from "~/modules/privacy/data-export.server";
import { redirectWithToast } from "~/platform/flash.server";
import { answerInit, parseForm } from "~/platform/form.server";
import { requireUser } from "~/platform/guards.server";
import { BackLink, ButtonLink } from "~/components/ui/button";
import { ResponsiveTable, type TableColumn } from "~/components/ui/responsive-table";
import { formatSize, formatDateTime } from "~/lib/format";
import { useSubmitting } from "~/components/use-submitting";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Mes données") }, { name: "robots", content: "noindex" }];

export async function loader({ url, context }: Route.LoaderArgs) {
  const actor = requireUser(context);
  const after = keysetCursor.safeParse(url.searchParams.get("after") ?? undefined);
  const [exportStatus, reads] = await Promise.all([dataExportStatusFor(actor), personalDataReadsFor(actor, after.success ? after.data : undefined)]);
  return { exportStatus, reads, olderPage: after.success };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireUser(context);
  const form = await parseForm(request, dataExportRequestSchema);
  if (!form.ok) {
    if (form.values.intent !== DATA_EXPORT_INTENT) return data({ fieldErrors: undefined, formError: dataExportMessages.unreadable }, { status: 400 });
    return data({ fieldErrors: form.fieldErrors, formError: undefined }, { status: 400 });
  }
  const result = await requestDataExport(actor, form.data);
  if (result.ok) return redirectWithToast("/compte/donnees", { ...dataExportMessages.requested, tone: "success" });
  if ("fieldErrors" in result) return data({ fieldErrors: result.fieldErrors, formError: undefined }, { status: result.status });
  return data({ fieldErrors: undefined, formError: result.formError }, answerInit(result));
}


function ExportStatusText({ status }: { status: DataExportStatus }) {
  const latest = status.latest;
  if (!latest) return <p className="mt-3 text-slate-700">Vous n'avez pas encore demandé d'export.</p>;
  const requested = (
    <>
      Demande du <time dateTime={latest.requestedAt.iso}>{latest.requestedAt.text}</time>&#x202f;:{" "}
    </>
  );
  switch (latest.state) {
    case "preparing":
      return (
        <p className="mt-3 text-slate-800">
          {requested}
          <strong>en préparation</strong>. Vous recevrez un e-mail dès que le fichier sera prêt.
        </p>
      );
    case "ready":
      return (
        <p className="mt-3 text-slate-800">
          {requested}
          <strong>
            prêt jusqu'au <time dateTime={latest.expiresAt!.iso}>{latest.expiresAt!.text}</time>
          </strong>
          {latest.sizeBytes ? ` (${formatSize(latest.sizeBytes)})` : ""}. Le lien de téléchargement vous a été envoyé par e-mail.
        </p>
      );
    case "downloaded":
      return (
        <p className="mt-3 text-slate-800">
          {requested}
          <strong>
            téléchargé le <time dateTime={latest.downloadedAt!.iso}>{latest.downloadedAt!.text}</time>
          </strong>
          . Le fichier a été supprimé de nos serveurs.
        </p>
      );
    case "expired":
      return (
        <p className="mt-3 text-slate-800">
          {requested}
          <strong>expiré</strong>
          {latest.expiresAt ? (
            <>
              {" "}
              le <time dateTime={latest.expiresAt.iso}>{latest.expiresAt.text}</time>
            </>
          ) : null}
          . Le fichier a été supprimé.
        </p>
      );
    case "failed":
      return (
        <p className="mt-3 text-slate-800">
          {requested}
          <strong>la préparation a échoué</strong>. Vous pouvez refaire la demande.
        </p>
      );
  }
}

type ReadEntry = Awaited<ReturnType<typeof personalDataReadsFor>>["entries"][number];

const READ_COLUMNS: readonly [TableColumn<ReadEntry>, ...TableColumn<ReadEntry>[]] = [
  { header: "Date", cell: (entry) => <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> },
  { header: "Qui", cell: (entry) => entry.who },
  { header: "Rôle", cell: (entry) => entry.role },
  { header: "Ce qui a été consulté", cell: (entry) => entry.what },
];

export default function MyDataPage({ loaderData, actionData }: Route.ComponentProps) {
  const { exportStatus, reads, olderPage } = loaderData;
  const busy = useSubmitting({ field: ["intent", DATA_EXPORT_INTENT] });
  const validation = useFormValidation(dataExportRequestSchema, actionData?.fieldErrors);
  const canRequest = exportStatus.nextRequestAt === null;

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <BackLink to="/compte">Retour à mon compte</BackLink>
      <div>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Mes données</h1>
        <p className="mt-1 text-slate-700">
          Ce que Recours conserve à votre sujet&#x202f;: téléchargez-le, et voyez qui, chez Recours, a consulté vos documents.
        </p>
      </div>

      <AccountSection
        id="titre-export"
        title="Télécharger mes données"
        intro="Un fichier ZIP avec votre profil, vos dossiers, paiements, messages, l'historique de vos dossiers, les e-mails que nous vous avons envoyés, vos connexions, et les fichiers que vous nous avez transmis (déchiffrés). Nous le préparons puis vous envoyons par e-mail un lien valable 24 heures, utilisable une seule fois. Une demande par jour au plus."
      >
        <ExportStatusText status={exportStatus} />
        <FormAlert message={actionData?.formError} />
        {canRequest ? (
          <ValidatedForm validation={validation} className="mt-5 space-y-5">
            <input type="hidden" name="intent" value={DATA_EXPORT_INTENT} />
            <PasswordField name="password" label="Votre mot de passe" hint="Pour confirmer que c'est bien vous." error={validation.errors.password} />
            <SubmitButton busy={busy} busyLabel="Envoi de la demande...">
              Télécharger mes données
            </SubmitButton>
          </ValidatedForm>
        ) : (
          <p className="mt-3 text-slate-700">
            Prochaine demande possible à partir du <time dateTime={exportStatus.nextRequestAt!.iso}>{exportStatus.nextRequestAt!.text}</time>.
          </p>
        )}
      </AccountSection>

      <AccountSection
        id="titre-consultations"
        title="Qui a consulté mes données"
        intro="Chaque ouverture de vos pièces d'identité, de votre dossier ou de ses preuves par un avocat ou un administrateur de Recours est enregistrée. Les plus récentes d'abord."
      >
        {reads.entries.length === 0 ? (
          <p className="mt-4 text-slate-800">{olderPage ? "Aucune consultation plus ancienne." : "Personne chez Recours n'a encore consulté vos données."}</p>
        ) : (
          <div className="mt-4">
            <ResponsiveTable
              caption="Consultations de vos données par l'équipe Recours"
              rows={reads.entries}
              rowKey={(entry) => String(entry.id)}
              columns={READ_COLUMNS}
              empty=""
            />
          </div>
        )}
        <nav aria-label="Pages des consultations" className="mt-4 flex flex-wrap gap-3">
          {olderPage ? (
            <ButtonLink variant="secondary" to="/compte/donnees">
              Les plus récentes
            </ButtonLink>
          ) : null}
          {reads.next ? (
            <ButtonLink
              variant="secondary"
              to={`/compte/donnees?after=${encodeURIComponent(reads.next)}`}
            >
              Consultations plus anciennes
            </ButtonLink>
          ) : null}
        </nav>
      </AccountSection>

      <DeleteAccountSection />
    </div>
  );
}
