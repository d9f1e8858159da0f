import { sql } from "kysely";
import { recordStaffAction } from "~/modules/audit/audit.server";
import { assertRole, NotFoundError, type Actor } from "~/platform/actor";
import type { LawyerLevel } from "~/platform/database-schema";
import { escapeLike } from "~/platform/like-pattern";
import { db } from "~/platform/runtime.server";
import { BACK_OFFICE_PAGE_SIZE, type LawyerListQuery } from "./back-office.schema";

export interface LawyerRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  level: LawyerLevel | null;
  barName: string | null;
  barNumber: string | null;
  /** Cases assigned to this lawyer whose status is not closed. */
  activeCases: number;
  /** Clients (role user) assigned to this lawyer. */
  clients: number;
}

export interface LawyerPage {
  lawyers: LawyerRow[];
  page: number;
  hasNext: boolean;
}

/**
 * Admin: lawyers by name with their active cases and clients, counted in the same query (one index range each,
 * see migration 0040), searched on email and names.
 */
export async function listLawyers(actor: Actor, query: LawyerListQuery & { page?: number }): Promise<LawyerPage> {
  assertRole(actor, "admin");
  const page = Math.max(1, Math.min(query.page ?? 1, 1000));
  const pattern = `%${escapeLike(query.q)}%`;
  const filter = query.q === "" ? sql`` : sql`AND (p.email ILIKE ${pattern} OR p.first_name ILIKE ${pattern} OR p.last_name ILIKE ${pattern})`;
  const rows = await sql<{
    id: string;
    email: string;
    first_name: string;
    last_name: string;
    lawyer_level: LawyerLevel | null;
    bar_name: string | null;
    bar_number: string | null;
    active_cases: string;
    clients: string;
  }>`
    SELECT page.*,
      (SELECT count(*) FROM cases c WHERE c.assigned_lawyer_id = page.id AND c.status <> 'closed') AS active_cases,
      (SELECT count(*) FROM profiles u WHERE u.role = 'user' AND u.assigned_lawyer_id = page.id) AS clients
    FROM (
      SELECT p.id, p.email, p.first_name, p.last_name, p.lawyer_level, p.bar_name, p.bar_number
      FROM profiles p
      WHERE p.role = 'lawyer' ${filter}
      ORDER BY p.last_name, p.first_name, p.id
      LIMIT ${BACK_OFFICE_PAGE_SIZE + 1} OFFSET ${(page - 1) * BACK_OFFICE_PAGE_SIZE}
    ) AS page
    -- Counted for the page's rows only, never for the rows an offset skips.
    ORDER BY page.last_name, page.first_name, page.id
  `.execute(db());
  return {
    lawyers: rows.rows.slice(0, BACK_OFFICE_PAGE_SIZE).map((row) => ({
      id: row.id,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      level: row.lawyer_level,
      barName: row.bar_name,
      barNumber: row.bar_number,
      activeCases: Number(row.active_cases),
      clients: Number(row.clients),
    })),
    page,
    hasNext: rows.rows.length > BACK_OFFICE_PAGE_SIZE,
  };
}

type LawyerChange = { level: LawyerLevel } | { barName: string | null; barNumber: string | null };

async function changeLawyer(actor: Actor, lawyerId: string, change: LawyerChange): Promise<void> {
  assertRole(actor, "admin");
  await db()
    .transaction()
    .execute(async (trx) => {
      const lawyer = await trx
        .selectFrom("profiles")
        .select(["id", "lawyer_level", "bar_name", "bar_number"])
        .where("id", "=", lawyerId)
        .where("role", "=", "lawyer")
        .forUpdate()
        .executeTakeFirst();
      if (!lawyer) throw new NotFoundError();
      if ("level" in change) {
        await trx.updateTable("profiles").set({ lawyer_level: change.level }).where("id", "=", lawyer.id).execute();
        await recordStaffAction(trx, actor, {
          action: "lawyer.level-changed",
          targetType: "user",
          targetId: lawyer.id,
          before: { level: lawyer.lawyer_level },
          after: { level: change.level },
        });
        return;
      }
      await trx.updateTable("profiles").set({ bar_name: change.barName, bar_number: change.barNumber }).where("id", "=", lawyer.id).execute();
      await recordStaffAction(trx, actor, {
        action: "lawyer.bar-changed",
        targetType: "user",
        targetId: lawyer.id,
        before: { barName: lawyer.bar_name, barNumber: lawyer.bar_number },
        after: { barName: change.barName, barNumber: change.barNumber },
      });
    });
}

/** Admin: a lawyer's level (Débutant / Intermédiaire / Avancé). Anyone who is not a lawyer is "not found". */
export function setLawyerLevel(actor: Actor, input: { lawyerId: string; level: LawyerLevel }): Promise<void> {
  return changeLawyer(actor, input.lawyerId, { level: input.level });
}

/** Admin: a lawyer's bar and registration number, which their clients see on the case page. */
export function setBarDetails(actor: Actor, input: { lawyerId: string; barName: string | null; barNumber: string | null }): Promise<void> {
  return changeLawyer(actor, input.lawyerId, { barName: input.barName, barNumber: input.barNumber });
}
