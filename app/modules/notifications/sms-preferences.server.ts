import { sql } from "kysely";
import type { Executor } from "~/platform/database-schema";
import { SMS_JOB } from "./sms-channel.server";

export interface SmsNoticePreference {
  /** Opted in since then; null when not opted in (never, or opted out). */
  optedInAt: Date | null;
  /** The profile's mobile number (E.164), or null. */
  phoneMobile: string | null;
}

/** A person's SMS choice and the number it would use. */
export async function smsNoticePreferenceOf(executor: Executor, userId: string): Promise<SmsNoticePreference> {
  const row = await executor
    .selectFrom("profiles as p")
    .leftJoin("sms_notice_preferences as s", (join) => join.onRef("s.user_id", "=", "p.id").on("s.opted_out_at", "is", null))
    .select(["p.phone_mobile", "s.opted_in_at"])
    .where("p.id", "=", userId)
    .executeTakeFirst();
  return { optedInAt: row?.opted_in_at ?? null, phoneMobile: row?.phone_mobile ?? null };
}

/**
 * Records a person's choice with its time: opting in starts a period (kept as is if one is running), opting out ends
 * it. The jobs already queued check the choice again when they run.
 */
export async function recordSmsNoticeChoice(executor: Executor, userId: string, optIn: boolean): Promise<void> {
  if (optIn) {
    await executor
      .insertInto("sms_notice_preferences")
      .values({ user_id: userId, opted_in_at: new Date(), opted_out_at: null })
      .onConflict((oc) =>
        oc
          .column("user_id")
          .doUpdateSet({ opted_in_at: new Date(), opted_out_at: null })
          .where("sms_notice_preferences.opted_out_at", "is not", null),
      )
      .execute();
  } else {
    await executor
      .updateTable("sms_notice_preferences")
      .set({ opted_out_at: new Date() })
      .where("user_id", "=", userId)
      .where("opted_out_at", "is", null)
      .execute();
  }
}

/** The data export's part (privacy): the choice with its dates, and the SMS sent (event, masked number, outcome). */
export async function smsNoticesExport(executor: Executor, userId: string) {
  const [preference, logs] = await Promise.all([
    executor.selectFrom("sms_notice_preferences").select(["opted_in_at", "opted_out_at"]).where("user_id", "=", userId).executeTakeFirst(),
    executor
      .selectFrom("sms_logs")
      .select(["template_key", "recipient_masked", "status", "sent_at", "created_at"])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .orderBy("id")
      .execute(),
  ]);
  return {
    opted_in: preference ? preference.opted_out_at === null : false,
    opted_in_at: preference ? preference.opted_in_at.toISOString() : null,
    opted_out_at: preference?.opted_out_at ? preference.opted_out_at.toISOString() : null,
    sms_sent_to_you: logs.map((log) => ({
      event: log.template_key,
      to: log.recipient_masked,
      status: log.status,
      sent_at: log.sent_at ? log.sent_at.toISOString() : null,
    })),
  };
}

/** Account deletion (privacy): the choice goes, SMS not sent yet are dropped, the log keeps its lines without the number. */
export async function forgetSmsNotices(executor: Executor, userId: string): Promise<void> {
  await executor.deleteFrom("sms_notice_preferences").where("user_id", "=", userId).execute();
  await sql`DELETE FROM jobs WHERE kind = ${SMS_JOB} AND status = 'queued' AND payload->>'userId' = ${userId}`.execute(executor);
  await executor.updateTable("sms_logs").set({ recipient_masked: "" }).where("user_id", "=", userId).execute();
}
