import { enqueueJob } from "~/modules/jobs/jobs.server";
import type { Executor } from "~/platform/database-schema";

/**
 * The job that makes a submitted case's filing receipt and e-mails it (issue 32). Its handler lives in the case-file
 * module, above this one: cases queues it by its kind only.
 */
export const FILING_RECEIPT_JOB = "case-file.filing-receipt";

/** Queues the receipt in the submission's transaction; `notify: false` makes it without the confirmation e-mail. */
export function enqueueFilingReceipt(executor: Executor, caseId: string, notify = true): Promise<number> {
  return enqueueJob(executor, { kind: FILING_RECEIPT_JOB, payload: { caseId, notify } });
}
