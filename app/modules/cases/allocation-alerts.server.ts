import { sql } from "kysely";
import { assertRole, type Actor } from "~/platform/actor";
import { db } from "~/platform/runtime.server";

/** A lawyer who receives no new case, and why (the first reason that applies). */
export interface IdleLawyer {
  lawyerId: string;
  firstName: string;
  lastName: string;
  email: string;
  reason: "bar-missing" | "inactive" | "zero";
}

export interface AllocationAlerts {
  /** Lawyers who receive 0 % of new cases, by name (the first few). */
  idleLawyers: IdleLawyer[];
  /** How many lawyers receive 0 % of new cases in all. */
  idleCount: number;
  /** Lawyers the automatic assignment can choose: active, above 0 %, with a bar and a number. */
  takers: number;
  /** Submitted cases that no lawyer could take, waiting for an admin. */
  waitingCases: number;
}

/** Names listed in the alert; the rest are counted. */
export const IDLE_LAWYERS_SHOWN = 5;

/**
 * The alert's figures in one row (`idle_lawyers` as JSON, `idle`, `takers`, `waiting`): one pass over the lawyers
 * (about 2 000), which `extra` (more aggregates over `p` and `a`, each after a comma) can share; the waiting cases
 * are counted by the database (platform_counts, migration 0111).
 */
export const allocationAlertsQuery = (extra = sql``) => {
  const idle = sql`NOT (coalesce(a.active, true) AND coalesce(a.allocation_percentage, 0) > 0
    AND p.bar_name IS NOT NULL AND p.bar_number IS NOT NULL)`;
  return sql`
    SELECT lawyers.*,
      (SELECT coalesce(json_agg(json_build_object('lawyerId', l.id, 'firstName', l.first_name, 'lastName', l.last_name, 'email', l.email, 'reason', l.reason)
                                ORDER BY l.last_name, l.first_name, l.id), '[]')
         FROM (SELECT p.id, p.first_name, p.last_name, p.email,
                 CASE WHEN p.bar_name IS NULL OR p.bar_number IS NULL THEN 'bar-missing'
                      WHEN NOT coalesce(a.active, true) THEN 'inactive' ELSE 'zero' END AS reason
               FROM profiles p LEFT JOIN lawyer_allocation a ON a.lawyer_id = p.id
               WHERE p.role = 'lawyer' AND ${idle}
               ORDER BY p.last_name, p.first_name, p.id
               LIMIT ${IDLE_LAWYERS_SHOWN}) l) AS idle_lawyers,
      (SELECT coalesce(sum(n), 0) FROM platform_counts WHERE name = 'waiting_cases')::int AS waiting
    FROM (SELECT count(*) FILTER (WHERE ${idle})::int AS idle, count(*) FILTER (WHERE NOT ${idle})::int AS takers ${extra}
          FROM profiles p LEFT JOIN lawyer_allocation a ON a.lawyer_id = p.id WHERE p.role = 'lawyer') lawyers`;
};

export interface AllocationAlertRow {
  idle_lawyers: IdleLawyer[];
  idle: number;
  takers: number;
  waiting: number;
}

export const toAllocationAlerts = (row: AllocationAlertRow): AllocationAlerts => ({
  idleLawyers: row.idle_lawyers,
  idleCount: row.idle,
  takers: row.takers,
  waitingCases: row.waiting,
});

/**
 * What keeps cases from reaching a lawyer, for the admin's alerts (dashboard and allocation page): lawyers left at
 * 0 % (no row, inactive, 0, or no bar and number), whether any lawyer can take a case at all, and the cases already
 * waiting. One query of a handful of indexed reads over the lawyers and the submitted cases.
 */
export async function allocationAlerts(actor: Actor): Promise<AllocationAlerts> {
  assertRole(actor, "admin");
  const result = await sql<AllocationAlertRow>`${allocationAlertsQuery()}`.execute(db());
  return toAllocationAlerts(result.rows[0]!);
}
