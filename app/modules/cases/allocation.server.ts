import { sql } from "kysely";
import { recordStaffAction } from "~/modules/audit/audit.server";
import { assertRole, type Actor } from "~/platform/actor";
import { db } from "~/platform/runtime.server";
import { containsPattern } from "~/platform/like-pattern";
import { allocationAlertsQuery, toAllocationAlerts, type AllocationAlertRow, type AllocationAlerts } from "./allocation-alerts.server";
import {
  ALLOCATION_PAGE_SIZE,
  activeTotal,
  allocationMessages,
  percentageField,
  SHARE_WINDOW_DAYS,
  type AllocationQuery,
  type AllocationRowInput,
} from "./allocation.schema";

export interface AllocationRow {
  lawyerId: string;
  firstName: string;
  lastName: string;
  email: string;
  percentage: number;
  active: boolean;
  /** Bar and registration number both filled: without them the lawyer's share stays at 0 (migration 0088). */
  barComplete: boolean;
  activeCases: number;
  /** Cases assigned to the lawyer over the last 30 days. */
  assignedRecently: number;
  /** Their share of all assignments over the last 30 days, in percent (one decimal), null when there were none. */
  actualShare: number | null;
}

export interface AllocationOverview {
  /** The lawyers of this page: those taking cases first (highest percentage first), then by name. */
  rows: AllocationRow[];
  /** Sum of the active lawyers' percentages, over every lawyer (not only this page). */
  total: number;
  /** Cases assigned over the last 30 days, to any lawyer. */
  assignedRecently: number;
  /** Lawyers matching the search, and the page shown (1-based, clamped to the last page). */
  matching: number;
  page: number;
  pageCount: number;
  /** Lawyers at 0 %, whether anyone can take a case, cases waiting: the page's alert. */
  alerts: AllocationAlerts;
}

/**
 * One page of lawyers (each has an allocation row from the database, migration 0110), with the share each one
 * actually received over the last 30 days beside the target. The counts come from lawyer_case_counts and
 * lawyer_assignment_days, kept by the cases' triggers (migration 0080), not from the cases themselves. Two queries:
 * the page, and every figure of the page (totals, matching lawyers, alerts) in one row.
 */
export async function allocationOverview(actor: Actor, query: AllocationQuery = { q: "", page: 1 }): Promise<AllocationOverview> {
  assertRole(actor, "admin");
  const database = db();
  const windowStart = sql`(now() AT TIME ZONE 'UTC')::date - ${SHARE_WINDOW_DAYS - 1}::int`;
  const search = query.q === "" ? sql`true` : sql`(p.email || ' ' || p.first_name || ' ' || p.last_name) ILIKE ${containsPattern(query.q)}`;
  // The page's lawyers first, then their counts: a deep page does not sum the window for the lawyers before it.
  const pageOf = (page: number) =>
    sql<{
      lawyer_id: string;
      first_name: string;
      last_name: string;
      email: string;
      allocation_percentage: number;
      active: boolean;
      bar_complete: boolean;
      active_cases: number;
      assigned_recently: number;
    }>`
    SELECT page.*, coalesce(k.active_cases, 0)::int AS active_cases,
      coalesce((SELECT sum(d.assigned) FROM lawyer_assignment_days d
                WHERE d.lawyer_id = page.lawyer_id AND d.day >= ${windowStart}), 0)::int AS assigned_recently
    FROM (
      SELECT a.lawyer_id, p.first_name, p.last_name, p.email, a.allocation_percentage, a.active,
        (p.bar_name IS NOT NULL AND p.bar_number IS NOT NULL) AS bar_complete
      FROM lawyer_allocation a JOIN profiles p ON p.id = a.lawyer_id
      WHERE p.role = 'lawyer' AND ${search}
      ORDER BY (a.active AND a.allocation_percentage > 0) DESC, a.allocation_percentage DESC, p.last_name, p.first_name, a.lawyer_id
      LIMIT ${ALLOCATION_PAGE_SIZE} OFFSET ${(page - 1) * ALLOCATION_PAGE_SIZE}
    ) page
    LEFT JOIN lawyer_case_counts k ON k.lawyer_id = page.lawyer_id
    ORDER BY (page.active AND page.allocation_percentage > 0) DESC, page.allocation_percentage DESC,
      page.last_name, page.first_name, page.lawyer_id`.execute(database);
  const [figures, asked] = await Promise.all([
    sql<AllocationAlertRow & { total: number; assigned_recently: number; matching: number }>`${allocationAlertsQuery(sql`,
        coalesce(sum(a.allocation_percentage) FILTER (WHERE a.active), 0)::int AS total,
        count(*) FILTER (WHERE a.lawyer_id IS NOT NULL AND ${search})::int AS matching,
        (SELECT coalesce(sum(n), 0) FROM daily_counts WHERE name = 'assignments' AND day >= ${windowStart})::int AS assigned_recently`)}`
      .execute(database)
      .then((result) => result.rows[0]!),
    pageOf(query.page),
  ]);
  const matching = figures.matching;
  const alerts = toAllocationAlerts(figures);
  const pageCount = Math.max(1, Math.ceil(matching / ALLOCATION_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  // Asked beyond the last page: the last page instead.
  const rows = page === query.page ? asked : await pageOf(page);
  const assignedRecently = figures.assigned_recently;
  const list = rows.rows.map((row) => ({
    lawyerId: row.lawyer_id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    percentage: row.allocation_percentage,
    active: row.active,
    barComplete: row.bar_complete,
    activeCases: row.active_cases,
    assignedRecently: row.assigned_recently,
    actualShare: assignedRecently === 0 ? null : Math.round((row.assigned_recently / assignedRecently) * 1000) / 10,
  }));
  return { rows: list, total: figures.total, assignedRecently, matching, page, pageCount, alerts };
}

export type SaveAllocationResult =
  | { ok: true; changed: number }
  | { ok: false; status: 400 | 409; message: string; fieldErrors: Record<string, string> };

/**
 * Stores the posted rows, all or nothing. Checked here whatever the page did: each percentage a whole number 0–100,
 * every lawyer real, and the active lawyers' total (posted rows merged over the stored ones) at most 100. Under the
 * assignment lock, so no submission is assigned half-way through a save. A change of percentages or of the active
 * switch starts a new allocation period (see case-assignment.server.ts) and goes to the staff journal.
 */
export async function saveAllocation(actor: Actor, input: readonly AllocationRowInput[]): Promise<SaveAllocationResult> {
  assertRole(actor, "admin");
  const fieldErrors: Record<string, string> = {};
  for (const row of input) {
    if (row.percentage !== undefined && (!Number.isInteger(row.percentage) || row.percentage < 0 || row.percentage > 100)) {
      fieldErrors[percentageField(row.lawyerId)] = allocationMessages.range;
    }
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, status: 400, message: allocationMessages.range, fieldErrors };
  if (input.length === 0) return { ok: false, status: 400, message: allocationMessages.empty, fieldErrors: { form: allocationMessages.empty } };

  return db()
    .transaction()
    .execute(async (trx): Promise<SaveAllocationResult> => {
      await trx.selectFrom("case_assignment_state").select("id").where("id", "=", 1).forUpdate().execute();
      const lawyers = await trx.selectFrom("profiles").select(["id", "bar_name", "bar_number"]).where("role", "=", "lawyer").execute();
      const lawyerIds = new Set(lawyers.map((row) => row.id));
      if (input.some((row) => !lawyerIds.has(row.lawyerId)) || new Set(input.map((row) => row.lawyerId)).size !== input.length) {
        return { ok: false, status: 400, message: allocationMessages.unknownLawyer, fieldErrors: { form: allocationMessages.unknownLawyer } };
      }
      await sql`INSERT INTO lawyer_allocation (lawyer_id, allocation_percentage, active)
        SELECT id, 0, true FROM profiles WHERE role = 'lawyer' ON CONFLICT (lawyer_id) DO NOTHING`.execute(trx);
      const stored = await trx
        .selectFrom("lawyer_allocation")
        .select(["lawyer_id", "allocation_percentage", "active"])
        .where("lawyer_id", "in", [...lawyerIds])
        .forUpdate()
        .execute();
      const posted = new Map(input.map((row) => [row.lawyerId, row]));
      const next = stored.map((row) => {
        const change = posted.get(row.lawyer_id);
        return {
          lawyerId: row.lawyer_id,
          before: { percentage: row.allocation_percentage, active: row.active },
          percentage: change?.percentage ?? row.allocation_percentage,
          active: change ? change.active : row.active,
        };
      });
      if (activeTotal(next) > 100) {
        return { ok: false, status: 400, message: allocationMessages.sumTooHigh, fieldErrors: { form: allocationMessages.sumTooHigh } };
      }
      // A lawyer whose clients could not check them in the bar directory receives no case (issue 29).
      const withoutBar = new Set(lawyers.filter((row) => row.bar_name === null || row.bar_number === null).map((row) => row.id));
      const barErrors = Object.fromEntries(
        next.filter((row) => row.percentage > 0 && withoutBar.has(row.lawyerId)).map((row) => [percentageField(row.lawyerId), allocationMessages.barMissing]),
      );
      if (Object.keys(barErrors).length > 0) return { ok: false, status: 400, message: allocationMessages.barMissingForm, fieldErrors: barErrors };
      const changed = next.filter((row) => row.percentage !== row.before.percentage || row.active !== row.before.active);
      for (const row of changed) {
        await trx
          .updateTable("lawyer_allocation")
          .set({ allocation_percentage: row.percentage, active: row.active })
          .where("lawyer_id", "=", row.lawyerId)
          .execute();
      }
      if (changed.length > 0) {
        await trx.updateTable("case_assignment_state").set({ allocation_changed_at: sql`clock_timestamp()` }).where("id", "=", 1).execute();
        await recordStaffAction(trx, actor, {
          action: "allocation.saved",
          targetType: "allocation",
          targetId: "lawyer_allocation",
          before: Object.fromEntries(changed.map((row) => [row.lawyerId, row.before])),
          after: Object.fromEntries(changed.map((row) => [row.lawyerId, { percentage: row.percentage, active: row.active }])),
        });
      }
      return { ok: true, changed: changed.length };
    });
}

export { allocationAlerts, IDLE_LAWYERS_SHOWN, type AllocationAlerts, type IdleLawyer } from "./allocation-alerts.server";
