import { countryByIsoCode } from "~/lib/countries";
import { type DateTimeText, dateTimeText } from "~/lib/format";
import { splitE164 } from "~/lib/phone";
import { assertUser, NotFoundError, type Actor } from "~/platform/actor";
import { logger } from "~/platform/logger.server";
import { db } from "~/platform/runtime.server";
import { smsNoticesAvailable } from "~/modules/notifications/sms-channel.server";
import { recordSmsNoticeChoice, smsNoticePreferenceOf } from "~/modules/notifications/sms-preferences.server";

export interface SmsNoticeSettings {
  /** Since when the person receives notices by SMS; null when they do not. */
  optedInSince: DateTimeText | null;
  /** The profile's mobile number as shown ("+33 6 12 34 56 78"), or null when the profile has none. */
  mobile: string | null;
}

function shownNumber(e164: string | null): string | null {
  const split = splitE164(e164);
  const country = split ? countryByIsoCode(split.isoCode) : undefined;
  return split && country ? `${country.dialCode} ${split.national}` : null;
}

/** The acting person's choice of notices by SMS; null when no provider is configured (the option does not exist). */
export async function smsNoticeSettingsFor(actor: Actor): Promise<SmsNoticeSettings | null> {
  assertUser(actor);
  if (!smsNoticesAvailable()) return null;
  const preference = await smsNoticePreferenceOf(db(), actor.userId);
  return { optedInSince: preference.optedInAt ? dateTimeText(preference.optedInAt) : null, mobile: shownNumber(preference.phoneMobile) };
}

export type SmsNoticeChoiceResult = { ok: true } | { ok: false; reason: "no-mobile" };

/**
 * Turns the acting person's notices by SMS on or off (decision 0087). Without a provider the option does not exist
 * (404); turning it on needs a mobile number in the profile.
 */
export async function chooseSmsNotices(actor: Actor, optIn: boolean): Promise<SmsNoticeChoiceResult> {
  assertUser(actor);
  if (!smsNoticesAvailable()) throw new NotFoundError();
  return db()
    .transaction()
    .execute(async (trx) => {
      if (optIn) {
        const { phoneMobile } = await smsNoticePreferenceOf(trx, actor.userId);
        if (!shownNumber(phoneMobile)) return { ok: false, reason: "no-mobile" } as const;
      }
      await recordSmsNoticeChoice(trx, actor.userId, optIn);
      logger.info({ userId: actor.userId, optIn }, optIn ? "avis par SMS activés" : "avis par SMS désactivés");
      return { ok: true } as const;
    });
}
