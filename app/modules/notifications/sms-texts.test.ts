import { describe, expect, it } from "vitest";
import { SMS_SAFETY_LINE, SMS_TEMPLATES, smsTextFor } from "./sms-texts";

/** The GSM 03.38 basic alphabet: a text of these characters only fits 160 to an SMS (one accent more, 70). */
const GSM_BASIC = /^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà]*$/;

describe("SMS texts (decision 0087)", () => {
  it("every text is one plain SMS: the GSM alphabet, at most 160 characters, ending with the safety line", () => {
    expect(SMS_TEMPLATES.length).toBeGreaterThan(10);
    for (const template of SMS_TEMPLATES) {
      const text = smsTextFor(template)!;
      expect(text, template).toMatch(GSM_BASIC);
      expect(text.length, `${template}: ${text.length}`).toBeLessThanOrEqual(160);
      expect(text.endsWith(SMS_SAFETY_LINE), template).toBe(true);
      expect(text.startsWith("Recours : "), template).toBe(true);
    }
  });

  it("says nothing that could be copied by a scam or leak a case: no link, no digit, no amount", () => {
    for (const template of SMS_TEMPLATES) {
      const text = smsTextFor(template)!;
      expect(text, template).not.toMatch(/https?:|www\.|\d|€|\{\{/);
    }
  });

  it("a document request and its due date reach the client, a document sent or declared missing the lawyer", () => {
    expect(smsTextFor("document-demande")).toContain("attend une action de votre part");
    expect(smsTextFor("document-echeance-proche")).toContain("attend une action de votre part");
    expect(smsTextFor("document-fourni")).toContain("attend votre attention");
    expect(smsTextFor("document-indisponible")).toContain("attend votre attention");
  });

  it("an event off the list sends none, whatever its key", () => {
    for (const key of ["reinitialisation-mot-de-passe", "confirmation-email", "convention-code", "export-donnees-pret", "dossier-soumis", "manuel", "", "toString", "__proto__"]) {
      expect(smsTextFor(key), key).toBeNull();
    }
  });
});
