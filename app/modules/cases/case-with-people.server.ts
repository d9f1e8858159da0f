import type { Executor } from "~/platform/database-schema";

/** A case (c) with its owner (o) and its assigned lawyer (l, null columns while none is assigned). */
export function caseWithPeople(executor: Executor) {
  return executor
    .selectFrom("cases as c")
    .innerJoin("profiles as o", "o.id", "c.user_id")
    .leftJoin("profiles as l", "l.id", "c.assigned_lawyer_id");
}

/** The assigned lawyer as the case page and the complaint pack name them. */
export const LAWYER_NAME_COLUMNS = [
  "l.first_name as lawyer_first_name",
  "l.last_name as lawyer_last_name",
  "l.bar_name as lawyer_bar_name",
] as const;
