import { useEffect, type ReactNode } from "react";
import type { z } from "zod";
import { data, Form, Link, useNavigation, useRevalidator } from "react-router";
import type { Route } from "./+types/case-convention";
import { FormAlert, PasswordField, SubmitButton, useFormValidation, ValidatedForm } from "~/components/form-controls";
import { PdfPreview } from "~/components/identity/pdf-preview";
import { BackLink, Button, ButtonLink } from "~/components/ui/button";
import { controlClasses, Field, FieldError, TextField } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { pageTitle } from "~/content/site";
import { formatDate, formatDateTime, formatTime } from "~/lib/format";
import {
  clientSignatureSchema,
  codeRequestSchema,
  countersignatureSchema,
  emailWithdrawalSchema,
  proposalSchema,
  withdrawalSchema,
  afterWithdrawalText,
} from "~/modules/agreements/agreements.schema";
import {
  agreementPanelFor,
  countersign,
  proposalFormFor,
  proposeAgreement,
  recordEmailWithdrawal,
  requestSigningCode,
  signAsClient,
  withdrawAgreement,
  type AgreementSummary,
} from "~/modules/agreements/agreements.server";
import type { FieldErrors } from "~/lib/form";
import { redirectWithToast } from "~/platform/flash.server";
import { answerInit, parseForm } from "~/platform/form.server";
import { requireUser } from "~/platform/guards.server";

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: pageTitle(loaderData ? `Convention d'honoraires — dossier ${loaderData.panel.caseNumber}` : "Convention d'honoraires") },
  { name: "robots", content: "noindex" },
];

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const actor = requireUser(context);
  const panel = await agreementPanelFor(actor, params.caseId);
  const proposal = panel.mayPropose ? await proposalFormFor(actor, params.caseId) : null;
  const confirmWithdrawal = url.searchParams.get("withdrawal") === "confirm";
  return { panel, proposal, confirmWithdrawal };
}

type Refusal = { ok: false; status: number; formError?: string; fieldErrors?: FieldErrors };

function succeeded<Result extends { ok: boolean }>(result: Result): result is Extract<Result, { ok: true }> {
  return result.ok;
}

type Intent = "propose" | "send-code" | "sign" | "countersign" | "withdraw" | "record-email-withdrawal";

/** Each intent parses its own form with the shared schema and calls one use case. */
export async function action({ url, request, params, context }: Route.ActionArgs) {
  const actor = requireUser(context);
  const here = `/case/${encodeURIComponent(params.caseId)}/convention`;
  const intent = url.searchParams.get("intent") as Intent | null;
  const origin = { ipAddress: actor.clientAddress, userAgent: request.headers.get("user-agent") ?? "" };
  const fail = (intentName: Intent, result: { status: number; formError?: string; fieldErrors?: FieldErrors; values?: Record<string, string | undefined> }) =>
    data({ intent: intentName, fieldErrors: result.fieldErrors ?? {}, formError: result.formError, values: (result.values ?? {}) as Record<string, string | undefined> }, answerInit(result));
  /** One intent: its form, its use case, then the page again with a success toast; a refusal keeps the values `keep` picks. */
  async function run<Schema extends z.ZodType, Result extends { ok: true } | Refusal>(
    intentName: Intent,
    schema: Schema,
    call: (input: z.output<Schema>) => Promise<Result>,
    toast: (result: Extract<Result, { ok: true }>) => { title: string; description: string },
    keep: (values: Record<string, string>) => Record<string, string | undefined> = () => ({}),
  ) {
    const form = await parseForm(request, schema);
    if (!form.ok) return fail(intentName, { status: 400, fieldErrors: form.fieldErrors, values: keep(form.values) });
    const result = await call(form.data);
    if (succeeded(result)) return redirectWithToast(here, { ...toast(result), tone: "success" });
    return fail(intentName, { ...(result as Refusal), values: keep(form.values) });
  }
  const allValues = (values: Record<string, string>) => values;
  switch (intent) {
    case "propose":
      return run(intent, proposalSchema, (input) => proposeAgreement(actor, params.caseId, input), () => ({ title: "Convention envoyée", description: "Votre client est prévenu par e-mail. Il la lira et la signera depuis son espace." }), allValues);
    case "send-code":
      return run(intent, codeRequestSchema, (input) => requestSigningCode(actor, params.caseId, input.agreementId), () => ({ title: "Code envoyé", description: `Un code à 6 chiffres vient de partir vers ${actor.email}. Il est valable 10 minutes.` }));
    case "sign":
      return run(
        intent,
        clientSignatureSchema,
        (input) => signAsClient(actor, params.caseId, input, origin),
        () => ({ title: "Convention signée", description: "Votre avocat est prévenu. Elle entrera en vigueur après sa contre-signature." }),
        (values) => ({ earlyStart: values.earlyStart ?? "" }),
      );
    case "countersign":
      return run(intent, countersignatureSchema, (input) => countersign(actor, params.caseId, input, origin), () => ({ title: "Convention contre-signée", description: "Le document est en cours de scellement\u202f: il sera téléchargeable dans quelques secondes." }));
    case "withdraw":
      return run(intent, withdrawalSchema, (input) => withdrawAgreement(actor, params.caseId, input.agreementId), (result) => ({ title: "Rétractation enregistrée", description: afterWithdrawalText(result.earlyStart) }));
    case "record-email-withdrawal":
      return run(intent, emailWithdrawalSchema, (input) => recordEmailWithdrawal(actor, params.caseId, input), () => ({ title: "Rétractation enregistrée", description: "Votre client et vous recevez un accusé de réception par e-mail." }), allValues);
    default:
      throw data(null, { status: 404 });
  }
}

type ActionData = Route.ComponentProps["actionData"];

const OUTDATED_FORM_MESSAGE = "Cette action n'est plus possible\u202f: la convention a changé entre-temps. La page montre son état actuel.";

function errorsFor(actionData: ActionData, intent: Intent) {
  return actionData && "intent" in actionData && actionData.intent === intent ? actionData : undefined;
}

function Terms({ agreement }: { agreement: AgreementSummary }) {
  return (
    <dl className="mt-3 divide-y divide-slate-200">
      <div className="grid gap-1 py-2 sm:grid-cols-3">
        <dt className="font-semibold text-slate-700">Honoraires de diligence</dt>
        <dd className="sm:col-span-2">
          {agreement.baseFeeText}, {agreement.baseFeeDue === "signature" ? "payables à la signature" : "payables à la fin du dossier (rien à l'avance)"}
        </dd>
      </div>
      <div className="grid gap-1 py-2 sm:grid-cols-3">
        <dt className="font-semibold text-slate-700">Honoraire de résultat</dt>
        <dd className="sm:col-span-2">{agreement.resultPercentText} des sommes effectivement récupérées</dd>
      </div>
      <div className="grid gap-1 py-2 sm:grid-cols-3">
        <dt className="font-semibold text-slate-700">Frais prévus</dt>
        <dd className="whitespace-pre-line sm:col-span-2">{agreement.foreseenCosts || "Aucun frais prévu à ce jour"}</dd>
      </div>
      <div className="grid gap-1 py-2 sm:grid-cols-3">
        <dt className="font-semibold text-slate-700">Modèle</dt>
        <dd className="sm:col-span-2">
          {agreement.templateTitle}, version {agreement.templateVersion} · proposition n°&#x202f;{agreement.revision} du {formatDateTime(agreement.proposedAt)}
        </dd>
      </div>
      <div className="grid gap-1 py-2 sm:grid-cols-3">
        <dt className="font-semibold text-slate-700">Empreinte SHA-256 du document</dt>
        <dd className="break-all font-mono text-sm sm:col-span-2" data-document-sha256="">
          {agreement.documentSha256}
        </dd>
      </div>
    </dl>
  );
}

/** One titled card of the page, its h2 naming it. */
function Card({ id, title, spacing, small = false, children, ...data }: { id: string; title: ReactNode; spacing?: string; small?: boolean; children: ReactNode } & DataAttributes) {
  return (
    <section aria-labelledby={id} className={`${spacing ? `${spacing} ` : ""}rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200`} {...data}>
      <h2 id={id} className={`${small ? "text-lg" : "text-xl"} font-bold text-slate-900`}>
        {title}
      </h2>
      {children}
    </section>
  );
}

type DataAttributes = { [name: `data-${string}`]: string | undefined };

function documentHref(caseId: string, agreementId: string, kind: "proposition" | "convention-signee"): string {
  return `/case/${encodeURIComponent(caseId)}/convention/${agreementId}/${kind}.pdf`;
}

export default function CaseAgreementPage({ loaderData, actionData }: Route.ComponentProps) {
  const { panel, proposal, confirmWithdrawal } = loaderData;
  const agreement = panel.current;
  const revalidator = useRevalidator();
  const sealing = agreement?.state === "countersigned";
  // The seal runs in a job: the page asks again every 2 seconds until the sealed document is there.
  useEffect(() => {
    if (!sealing) return;
    const timer = window.setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 2000);
    return () => window.clearInterval(timer);
  }, [sealing, revalidator]);

  // A refusal whose form the page no longer shows (the agreement moved on meanwhile) is said at the top.
  const shown: Record<Intent, boolean> = {
    "send-code": Boolean(panel.maySign && agreement),
    sign: Boolean(panel.maySign && agreement),
    countersign: Boolean(panel.mayCountersign && agreement),
    withdraw: Boolean(panel.mayWithdraw && agreement),
    "record-email-withdrawal": panel.viewer === "lawyer" && Boolean(agreement?.withdrawalOpen),
    propose: Boolean(proposal),
  };
  const unplaced = actionData && "intent" in actionData && !shown[actionData.intent] ? (actionData.formError ?? OUTDATED_FORM_MESSAGE) : undefined;

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <BackLink to={`/case/${encodeURIComponent(panel.caseId)}`}>Retour au dossier {panel.caseNumber}</BackLink>
      <header>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Convention d'honoraires</h1>
        <p className="mt-2 text-slate-800">
          Dossier {panel.caseNumber}. La convention d'honoraires est obligatoire (loi n°&#x202f;71-1130 du 31&#x202f;décembre&#x202f;1971, art.&#x202f;10)&#x202f;:
          elle fixe par écrit ce que vous paierez à l'avocat, et comment. Aucun résultat n'est garanti.
        </p>
      </header>
      <FormAlert message={unplaced} />

      {agreement ? (
        <Card id="titre-etat" title={agreement.stateLabel} data-agreement-state={agreement.state}>
          <AgreementDates agreement={agreement} />
          <Terms agreement={agreement} />
          <div className="mt-4 flex flex-wrap gap-3">
            {agreement.state === "active" && agreement.sealed?.intact ? (
              <a href={documentHref(panel.caseId, agreement.id, "convention-signee")} className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800" download>
                Télécharger la convention signée (PDF)
              </a>
            ) : null}
            <a href={documentHref(panel.caseId, agreement.id, "proposition")} className="inline-flex min-h-11 items-center rounded-md px-2 font-semibold text-brand-800 underline" download>
              Télécharger le document proposé (PDF)
            </a>
          </div>
          {agreement.sealed && !agreement.sealed.intact ? (
            <div className="mt-4">
              <Notice id="document-altere" tone="danger" title="Document altéré">
                <p>
                  Le document scellé enregistré ne correspond plus à son empreinte SHA-256&#x202f;: il a été modifié depuis son scellement.
                  Il n'est pas servi. Notre équipe est prévenue&#x202f;; l'original reste prouvé par l'empreinte ci-dessus.
                </p>
              </Notice>
            </div>
          ) : null}
          {sealing ? (
            <p className="mt-4 font-semibold text-slate-800" role="status">
              Scellement en cours… <Link to="." className="text-brand-800 underline">Actualiser la page</Link>
            </p>
          ) : null}
          {agreement.state === "withdrawn" ? (
            <p className="mt-4 rounded-md bg-slate-50 p-3 text-slate-900">{afterWithdrawalText(agreement.earlyStartRequested)}</p>
          ) : null}
        </Card>
      ) : (
        <p className="rounded-xl bg-white p-6 text-slate-800 shadow-sm ring-1 ring-slate-200">
          {panel.viewer === "owner"
            ? "Votre avocat ne vous a pas encore proposé de convention. Vous recevrez un e-mail dès qu'il l'aura fait."
            : "Aucune convention n'a encore été proposée pour ce dossier."}
        </p>
      )}

      {panel.maySign && agreement ? <SignSection caseId={panel.caseId} agreement={agreement} pendingCodeExpiresAt={panel.pendingCodeExpiresAt} actionData={actionData} /> : null}
      {panel.viewer === "owner" && agreement?.state === "proposed" && !panel.clientIdentityVerified ? (
        <Notice id="identite-a-verifier" tone="warning" title="Votre identité doit d'abord être vérifiée">
          <p>
            Pour signer, votre identité doit être vérifiée.{" "}
            <Link to="/verify-identity" className="font-semibold underline">
              Vérifier mon identité
            </Link>
          </p>
        </Notice>
      ) : null}
      {panel.mayWithdraw && agreement ? <WithdrawSection caseId={panel.caseId} agreement={agreement} confirm={confirmWithdrawal} actionData={actionData} /> : null}
      {panel.mayCountersign && agreement ? <CountersignSection caseId={panel.caseId} agreement={agreement} actionData={actionData} /> : null}
      {panel.viewer === "lawyer" && agreement?.withdrawalOpen ? <EmailWithdrawalSection agreement={agreement} actionData={actionData} /> : null}
      {panel.viewer === "lawyer" && panel.proposeBlocked ? (
        <Notice id="proposition-impossible" tone="warning" title="Vous ne pouvez pas encore proposer la convention">
          <p>{panel.proposeBlocked}</p>
        </Notice>
      ) : null}
      {proposal ? <ProposeSection form={proposal} replacing={agreement?.state === "proposed"} actionData={actionData} /> : null}

      {panel.earlier.length > 0 ? (
        <Card id="titre-versions" title="Versions précédentes" small>
          <ul className="mt-2 space-y-2">
            {panel.earlier.map((item) => (
              <li key={item.id}>
                <a href={documentHref(panel.caseId, item.id, "proposition")} className="font-semibold text-brand-800 underline" download>
                  Proposition n°&#x202f;{item.revision} du {formatDateTime(item.proposedAt)}
                </a>{" "}
                — {item.stateLabel}
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </div>
  );
}

function AgreementDates({ agreement }: { agreement: AgreementSummary }) {
  return (
    <ul className="mt-2 space-y-1 text-slate-800">
      {agreement.clientSignedAt ? <li>Signée par le client le {formatDateTime(agreement.clientSignedAt)}</li> : null}
      {agreement.lawyerSignedAt ? <li>Contre-signée par l'avocat le {formatDateTime(agreement.lawyerSignedAt)}</li> : null}
      {agreement.activatedAt ? <li>En vigueur depuis le {formatDateTime(agreement.activatedAt)}</li> : null}
      {agreement.withdrawnAt ? <li>Rétractée le {formatDateTime(agreement.withdrawnAt)}</li> : null}
      {agreement.earlyStartRequested && agreement.state !== "withdrawn" ? (
        <li>Le client a demandé que le travail commence avant la fin du délai de rétractation.</li>
      ) : null}
      {agreement.withdrawalLastDay && agreement.withdrawalOpen ? (
        <li>
          Rétractation possible jusqu'au <time dateTime={agreement.withdrawalLastDay}>{formatDate(agreement.withdrawalLastDay!)}</time> inclus.
        </li>
      ) : null}
    </ul>
  );
}

function SignSection({
  caseId,
  agreement,
  pendingCodeExpiresAt,
  actionData,
}: {
  caseId: string;
  agreement: AgreementSummary;
  pendingCodeExpiresAt: string | null;
  actionData: ActionData;
}) {
  const navigation = useNavigation();
  const signErrors = errorsFor(actionData, "sign");
  const codeErrors = errorsFor(actionData, "send-code");
  const { errors, focusRequest, validate, clear } = useFormValidation(clientSignatureSchema, signErrors?.fieldErrors);
  return (
    <Card id="titre-signer" title="Lire et signer la convention" spacing="space-y-4">
      <p className="text-slate-800">
        Lisez la convention en entier. Vous pouvez poser vos questions à votre avocat dans la messagerie du dossier avant de signer.
      </p>
      <PdfPreview src={documentHref(caseId, agreement.id, "proposition")} name={`Convention d'honoraires, proposition n° ${agreement.revision}`} />

      <div className="rounded-lg bg-slate-50 p-4">
        <h3 className="font-bold text-slate-900">1. Recevoir un code par e-mail</h3>
        {pendingCodeExpiresAt ? (
          <p className="mt-1 text-slate-800" data-code-sent="">
            Un code vous a été envoyé par e-mail. Il est valable jusqu'à <time dateTime={pendingCodeExpiresAt}>{formatTime(pendingCodeExpiresAt)}</time>.
          </p>
        ) : (
          <p className="mt-1 text-slate-800">Nous vous envoyons un code à 6 chiffres, valable 10 minutes. Personne ne doit vous le demander.</p>
        )}
        <FormAlert message={codeErrors?.formError} />
        <Form method="post" action="?intent=send-code" className="mt-3">
          <input type="hidden" name="agreementId" value={agreement.id} />
          <Button variant="secondary">{pendingCodeExpiresAt ? "Recevoir un nouveau code" : "Recevoir mon code par e-mail"}</Button>
        </Form>
      </div>

      <ValidatedForm action="?intent=sign" validation={{ validate, clear, errors, focusRequest }} className="space-y-5" errorOrder={["consent", "password", "code"]}>
        <h3 className="font-bold text-slate-900">2. Signer</h3>
        <FormAlert message={signErrors?.formError} />
        <input type="hidden" name="agreementId" value={agreement.id} />
        <input type="hidden" name="documentSha256" value={agreement.documentSha256} />
        <p className="text-sm text-slate-800">
          Vous signez le document dont l'empreinte SHA-256 est <span className="break-all font-mono">{agreement.documentSha256}</span>.
        </p>
        <div>
          <div className="flex items-start gap-3">
            <input
              id="champ-consent"
              name="consent"
              type="checkbox"
              value="on"
              aria-invalid={errors.consent ? true : undefined}
              aria-describedby={errors.consent ? "champ-consent-erreur" : undefined}
              className="mt-3.5 size-5 shrink-0"
            />
            <label htmlFor="champ-consent" className="block min-h-11 py-3 text-slate-900">
              J'ai lu la convention d'honoraires ci-dessus, je l'accepte et je la signe électroniquement.
            </label>
          </div>
          <FieldError id="champ-consent-erreur" message={errors.consent} />
        </div>
        <div className="flex items-start gap-3">
          <input id="champ-earlyStart" name="earlyStart" type="checkbox" value="on" defaultChecked={signErrors?.values.earlyStart === "on"} className="mt-3.5 size-5 shrink-0" />
          <label htmlFor="champ-earlyStart" className="block min-h-11 py-3 text-slate-800">
            Facultatif&#x202f;: je demande expressément que mon avocat commence à travailler avant la fin du délai de rétractation de 14&#x202f;jours.
            Si je me rétracte ensuite, je devrai les honoraires du travail déjà accompli.
          </label>
        </div>
        <PasswordField name="password" label="Votre mot de passe" error={errors.password} />
        <TextField name="code" label="Code reçu par e-mail (6 chiffres)" inputMode="numeric" autoComplete="one-time-code" maxLength={7} error={errors.code} />
        <SubmitButton busy={navigation.state === "submitting"} busyLabel="Signature…">
          Signer la convention
        </SubmitButton>
      </ValidatedForm>
    </Card>
  );
}

function CountersignSection({ caseId, agreement, actionData }: { caseId: string; agreement: AgreementSummary; actionData: ActionData }) {
  const navigation = useNavigation();
  const own = errorsFor(actionData, "countersign");
  const { errors, focusRequest, validate, clear } = useFormValidation(countersignatureSchema, own?.fieldErrors);
  return (
    <Card id="titre-contresigner" title="Contre-signer la convention" spacing="space-y-4">
      <p className="text-slate-800">Votre client a signé. La convention entre en vigueur après votre contre-signature et le scellement du document.</p>
      <PdfPreview src={documentHref(caseId, agreement.id, "proposition")} name={`Convention d'honoraires, proposition n° ${agreement.revision}`} />
      <ValidatedForm action="?intent=countersign" validation={{ validate, clear, errors, focusRequest }} className="space-y-4">
        <FormAlert message={own?.formError} />
        <input type="hidden" name="agreementId" value={agreement.id} />
        <input type="hidden" name="documentSha256" value={agreement.documentSha256} />
        <TextField name="code" label="Code de votre application d'authentification (6 chiffres)" inputMode="numeric" autoComplete="one-time-code" maxLength={7} error={errors.code} />
        <SubmitButton busy={navigation.state === "submitting"} busyLabel="Contre-signature…">
          Contre-signer la convention
        </SubmitButton>
      </ValidatedForm>
    </Card>
  );
}

function WithdrawSection({ caseId, agreement, confirm, actionData }: { caseId: string; agreement: AgreementSummary; confirm: boolean; actionData: ActionData }) {
  const own = errorsFor(actionData, "withdraw");
  return (
    <Card id="titre-retractation" title="Droit de rétractation" spacing="space-y-3">
      <p className="text-slate-800">
        Vous pouvez vous rétracter sans donner de motif jusqu'au {formatDate(agreement.withdrawalLastDay!)} inclus (Code de la consommation,
        art.&#x202f;L221-18). {afterWithdrawalText(agreement.earlyStartRequested)}
      </p>
      <FormAlert message={own?.formError} />
      {confirm ? (
        <Form method="post" action="?intent=withdraw" className="space-y-3 rounded-lg border-2 border-red-700 p-4">
          <p className="font-semibold text-slate-900">Confirmez-vous votre rétractation&#x202f;? La convention ne produira plus d'effet.</p>
          <input type="hidden" name="agreementId" value={agreement.id} />
          <div className="flex flex-wrap gap-3">
            <Button variant="danger">Confirmer ma rétractation</Button>
            <ButtonLink variant="secondary" to={`/case/${encodeURIComponent(caseId)}/convention`}>
              Annuler
            </ButtonLink>
          </div>
        </Form>
      ) : (
        <ButtonLink variant="secondary" to="?withdrawal=confirm">
          Me rétracter
        </ButtonLink>
      )}
    </Card>
  );
}

function EmailWithdrawalSection({ agreement, actionData }: { agreement: AgreementSummary; actionData: ActionData }) {
  const own = errorsFor(actionData, "record-email-withdrawal");
  return (
    <details className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200" open={own ? true : undefined}>
      <summary className="min-h-11 cursor-pointer py-2 font-bold text-slate-900">Votre client s'est rétracté par e-mail&#x202f;?</summary>
      <Form method="post" action="?intent=record-email-withdrawal" className="mt-3 space-y-3">
        <FormAlert message={own?.formError} />
        <input type="hidden" name="agreementId" value={agreement.id} />
        <TextField name="sentOn" type="date" label="Date d'envoi de son e-mail" defaultValue={own?.values.sentOn} error={own?.fieldErrors.sentOn} />
        <Button variant="secondary">Enregistrer la rétractation</Button>
      </Form>
    </details>
  );
}

function ProposeSection({
  form,
  replacing,
  actionData,
}: {
  form: NonNullable<Route.ComponentProps["loaderData"]["proposal"]>;
  replacing: boolean;
  actionData: ActionData;
}) {
  const navigation = useNavigation();
  const own = errorsFor(actionData, "propose");
  const { errors, focusRequest, validate, clear } = useFormValidation(proposalSchema, own?.fieldErrors);
  const values = own?.values ?? {};
  return (
    <Card id="titre-proposer" title={replacing ? "Modifier la proposition" : "Proposer la convention"} spacing="space-y-4">
      <p className="text-slate-800">
        Modèle «&#x202f;{form.template.title}&#x202f;», version {form.template.version}. Les honoraires de diligence sont{" "}
        {form.template.baseFeeDue === "signature" ? "payables à la signature" : "payables à la fin du dossier"}.
        {replacing ? " La nouvelle version remplace celle que votre client n'a pas encore signée." : ""}
      </p>
      <ValidatedForm reloadDocument action="?intent=propose" validation={{ validate, clear, errors, focusRequest }} className="space-y-4" errorOrder={["baseFee", "resultPercent", "foreseenCosts"]}>
        <FormAlert message={own?.formError} />
        <TextField
          name="baseFee"
          label="Honoraires de diligence, en euros HT"
          hint={form.bounds.baseFeeFixed ? `Fixés par le modèle de convention : ${form.bounds.baseFeeMin}.` : `Entre ${form.bounds.baseFeeMin} et ${form.bounds.baseFeeMax}.`}
          inputMode="decimal"
          readOnly={form.bounds.baseFeeFixed}
          defaultValue={values.baseFee ?? form.defaults.baseFee}
          error={errors.baseFee}
        />
        <TextField
          name="resultPercent"
          label="Honoraire de résultat, en % HT des sommes récupérées"
          hint={`Entre ${form.bounds.percentMin} et ${form.bounds.percentMax}.`}
          inputMode="decimal"
          defaultValue={values.resultPercent ?? form.defaults.resultPercent}
          error={errors.resultPercent}
        />
        <Field
          id="champ-foreseenCosts"
          label="Frais et débours prévus (facultatif)"
          hint="Commissaire de justice, traduction, expertise… Ils ne seront engagés qu'avec l'accord écrit préalable du client."
          error={errors.foreseenCosts}
          control={(control) => (
            <textarea name="foreseenCosts" rows={3} maxLength={2000} defaultValue={values.foreseenCosts ?? ""} className={controlClasses(errors.foreseenCosts)} {...control} />
          )}
        />
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" formAction={`/case/${encodeURIComponent(form.caseId)}/convention/apercu`} formTarget="_blank">
            Aperçu du PDF
          </Button>
          <SubmitButton busy={navigation.state === "submitting"} busyLabel="Envoi…">
            Envoyer la convention au client
          </SubmitButton>
        </div>
      </ValidatedForm>
    </Card>
  );
}
