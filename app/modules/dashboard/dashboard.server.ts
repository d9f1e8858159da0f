import { caseListFields, paymentTotalsColumn } from "~/modules/cases/payment-totals.server";
import { operatorResults, type OperatorResults } from "~/modules/results/results.server";
import { operatorPeriodFrom, type OperatorPeriod } from "~/modules/results/results.schema";
import type { CurrencyTotal } from "~/modules/cases/payment-totals";
import { allocationAlerts, type AllocationAlerts } from "~/modules/cases/allocation.server";
import { isWaitingForLawyer } from "~/modules/cases/cases.schema";
import { sql } from "kysely";
import { assertUser, type UserActor, type Actor } from "~/platform/actor";
import type { CaseStatus, DocumentSide, DocumentType, Executor } from "~/platform/database-schema";
import { db } from "~/platform/runtime.server";
import type { IdentityStatus } from "~/modules/identity/identity.schema";
import { identityStepsFrom, identitySummaryFor } from "~/modules/identity/identity.server";
import { overdueDocumentsByCase } from "~/modules/case-file/document-requests.server";
import { clientRecentActivity, clientUnreadColumn, type ActivityItem } from "~/modules/chat/chat-inbox.server";
import { callCodeFor } from "~/modules/call-verification/call-verification.server";
import type { ClientCallCode } from "~/modules/call-verification/call-verification.schema";

export interface UserDashboard {
  view: "user";
  profile: { email: string; firstName: string; lastName: string; profileCompleted: boolean; identityVerified: boolean };
  identity: IdentityStatus;
  rejectedDocuments: { id: string; documentType: DocumentType; documentSide: DocumentSide; rejectionReason: string | null }[];
  /** Opt-in for plain users: the dashboard links to the second-factor page either way. */
  secondFactorEnabled: boolean;
  activeCaseCount: number;
  hasDraft: boolean;
  cases: {
    id: string;
    caseNumber: string;
    scamType: string | null;
    totalAmountLost: string | null;
    /** Sums of the case's documented payments per currency; shown beside the declared amount, never instead of it. */
    paymentTotals?: CurrencyTotal[];
    status: CaseStatus;
    /** Submitted, and no lawyer could take it: the client is told it waits for one. */
    waitingForLawyer?: boolean;
    createdAt: string;
    /** Messages from the lawyer or the team not read yet. */
    unreadMessages: number;
  }[];
  /** Messages received and status changes, newest first. */
  activity: ActivityItem[];
  /** Cases whose fee agreement the lawyer proposed and the client has not signed yet (issue 30). */
  agreementsToSign: { caseId: string; caseNumber: string }[];
  /** The code the client asks anyone calling on behalf of Recours or their lawyer to read (decision 84). */
  callCode: ClientCallCode;
}

export interface LawyerDashboard {
  view: "lawyer";
  firstName: string;
  lastName: string;
  clients: number;
  verifiedClients: number;
  activeCases: number;
  newCases: number;
  unreadMessages: number;
  /** Agreements the client signed that wait for this lawyer's countersignature (issue 30). */
  agreementsToCountersign: { caseId: string; caseNumber: string }[];
  /** Documents asked of their clients and still waited for past their due date, and the cases they are in (issue 32). */
  overdueDocuments: { total: number; cases: { caseId: string; caseNumber: string; count: number }[] };
}

export interface AdminDashboard {
  view: "admin";
  firstName: string;
  lastName: string;
  users: number;
  verifiedUsers: number;
  lawyers: number;
  cases: number;
  pendingDocuments: number;
  /** Lawyers at 0 %, whether anyone can take a case, cases waiting for a lawyer. */
  allocation: AllocationAlerts;
  /** Sums recovered and cases closed by outcome over the chosen period (issue 31, item 6). */
  results: OperatorResults;
}

export type Dashboard = UserDashboard | LawyerDashboard | AdminDashboard;

/** The dashboard of the acting user, chosen by role (spec: any unknown role sees the user view). */
export async function dashboardFor(actor: Actor, options: { period?: string | null } = {}): Promise<Dashboard> {
  assertUser(actor);
  if (actor.role === "admin") return adminDashboard(actor, operatorPeriodFrom(options.period));
  if (actor.role === "lawyer") return lawyerDashboard(actor);
  return userDashboard(actor);
}

const ACTIVE_STATUSES: CaseStatus[] = ["submitted", "under_review", "assigned", "in_progress"];

async function userDashboard(actor: UserActor): Promise<UserDashboard> {
  const database = db();
  // The profile with its verification marks, read once: the identity summary takes them (decision 0093).
  const profile = database
    .selectFrom("profiles as p")
    .leftJoin("identity_verification_status as s", "s.user_id", "p.id")
    .select(["p.email", "p.first_name", "p.last_name", "p.profile_completed", "p.identity_verified", "s.step2_completed", "s.step3_completed", "s.step4_completed"])
    .where("p.id", "=", actor.userId)
    .executeTakeFirstOrThrow();
  const [me, cases, verification, activity, toSign, callCode] = await Promise.all([
    profile,
    database
      .selectFrom("cases")
      .select([
        "id",
        "case_number",
        "scam_type",
        "total_amount_lost",
        "status",
        "assigned_lawyer_id",
        "created_at",
        paymentTotalsColumn("cases.id").as("payment_totals"),
        clientUnreadColumn(actor.userId, "cases.id").as("unread"),
      ])
      .where("user_id", "=", actor.userId)
      .orderBy("created_at", "desc")
      .execute(),
    profile.then((row) => identitySummaryFor(actor, { identityVerified: row.identity_verified, steps: identityStepsFrom(row) })),
    clientRecentActivity(actor),
    agreementsWaiting(database, { clientId: actor.userId, state: "proposed" }),
    callCodeFor(actor),
  ]);
  return {
    view: "user",
    profile: {
      email: me.email,
      firstName: me.first_name,
      lastName: me.last_name,
      profileCompleted: me.profile_completed,
      identityVerified: me.identity_verified,
    },
    identity: verification.identity,
    rejectedDocuments: verification.rejectedDocuments,
    secondFactorEnabled: actor.secondFactor === "verified",
    activeCaseCount: cases.filter((row) => ACTIVE_STATUSES.includes(row.status)).length,
    hasDraft: cases.some((row) => row.status === "draft"),
    cases: cases.map((row) => ({
      ...caseListFields(row),
      waitingForLawyer: isWaitingForLawyer(row.status, row.assigned_lawyer_id !== null),
      createdAt: row.created_at.toISOString(),
      unreadMessages: row.unread,
    })),
    activity,
    agreementsToSign: toSign,
    callCode,
  };
}

async function lawyerDashboard(actor: UserActor): Promise<LawyerDashboard> {
  const counts = await sql<{
    clients: number;
    verified_clients: number;
    active_cases: number;
    new_cases: number;
    unread_messages: number;
  }>`
    SELECT
      (SELECT count(*) FROM profiles WHERE role = 'user' AND assigned_lawyer_id = ${actor.userId}) AS clients,
      (SELECT count(*) FROM profiles WHERE role = 'user' AND assigned_lawyer_id = ${actor.userId}
         AND identity_verified) AS verified_clients,
      (SELECT count(*) FROM cases WHERE assigned_lawyer_id = ${actor.userId} AND status <> 'closed') AS active_cases,
      (SELECT count(*) FROM cases WHERE assigned_lawyer_id = ${actor.userId} AND status = 'assigned'
         AND opened_at IS NULL) AS new_cases,
      -- The clients' messages not read yet: what the lawyer reads (decisions 36 and 38; an admin's is for the client).
      (SELECT count(*) FROM cases c JOIN case_chat_messages m ON m.case_id = c.id AND NOT m.read_status
         AND m.sender_id = c.user_id
         WHERE c.assigned_lawyer_id = ${actor.userId}) AS unread_messages
  `.execute(db());
  const row = counts.rows[0]!;
  const [toCountersign, overdue] = await Promise.all([agreementsWaiting(db(), { lawyerId: actor.userId, state: "signed" }), overdueDocumentsByCase(db(), actor.userId)]);
  return {
    view: "lawyer",
    agreementsToCountersign: toCountersign,
    overdueDocuments: { total: overdue.reduce((sum, item) => sum + item.count, 0), cases: overdue },
    firstName: actor.firstName,
    lastName: actor.lastName,
    clients: row.clients,
    verifiedClients: row.verified_clients,
    activeCases: row.active_cases,
    newCases: row.new_cases,
    unreadMessages: row.unread_messages,
  };
}

async function adminDashboard(actor: UserActor, period: OperatorPeriod): Promise<AdminDashboard> {
  const alerts = allocationAlerts(actor);
  const results = operatorResults(actor, period);
  // Kept by the database (migration 0109): a handful of rows, not a count over every profile, case and document.
  const counts = await db()
    .selectFrom("platform_counts")
    .select(["name", (eb) => eb.fn.sum<number>("n").as("n")])
    .groupBy("name")
    .execute();
  const figure = (name: string) => Number(counts.find((count) => count.name === name)?.n ?? 0);
  return {
    view: "admin",
    firstName: actor.firstName,
    lastName: actor.lastName,
    users: figure("users"),
    verifiedUsers: figure("verified_users"),
    lawyers: figure("lawyers"),
    cases: figure("cases"),
    pendingDocuments: figure("pending_documents"),
    allocation: await alerts,
    results: await results,
  };
}

/** Agreements waiting for a person's signature: the client's proposals, or the lawyer's countersignatures. */
async function agreementsWaiting(
  database: Executor,
  who: { clientId: string; state: "proposed" } | { lawyerId: string; state: "signed" },
): Promise<{ caseId: string; caseNumber: string }[]> {
  let query = database
    .selectFrom("fee_agreements as a")
    .innerJoin("cases as c", "c.id", "a.case_id")
    .select(["c.id", "c.case_number"])
    .where("a.state", "=", who.state)
    .where("c.status", "<>", "closed");
  query = "clientId" in who ? query.where("a.client_id", "=", who.clientId).where("c.user_id", "=", who.clientId) : query.where("a.lawyer_id", "=", who.lawyerId).where("c.assigned_lawyer_id", "=", who.lawyerId);
  const rows = await query.orderBy("a.proposed_at").limit(20).execute();
  return rows.map((row) => ({ caseId: row.id, caseNumber: row.case_number }));
}
