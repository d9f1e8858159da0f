import { describe, expect, it } from "vitest";
import { safetyNotice, verifyContactNotice } from "~/content/site";
import { escapeHtml, MASKED_LINK, renderEmail } from "./email-rendering";

const template = { subject: "Bonjour {{prenom}}\n", body: "Bonjour {{ prenom }},\n\nVotre lien :\n\n{{lien}}\n\nÀ bientôt" };

describe("renderEmail", () => {
  it("escapes variables in the HTML part, keeps them as typed in the text part", () => {
    const email = renderEmail(template, { prenom: `<img src=x onerror="alert(1)">`, lien: "https://recours.test/a?b=1&c=2" });
    expect(email.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(email.html).not.toContain("<img");
    expect(email.text).toContain(`Bonjour <img src=x onerror="alert(1)">,`);
    expect(email.subject).toBe(`Bonjour <img src=x onerror="alert(1)">`);
  });

  it("turns a paragraph 'Label : {{lien}}' into a button saying what it does, escaping the address", () => {
    const labelled = { subject: "Confirmez", body: "Bonjour,\n\nConfirmer mon adresse\u202f: {{lien}}\n\nÀ bientôt" };
    const email = renderEmail(labelled, { lien: "https://recours.test/a?b=1&c=2" });
    expect(email.html).toMatch(/<a href="https:\/\/recours.test\/a\?b=1&amp;c=2" style="display:inline-block[^"]*">Confirmer mon adresse<\/a>/);
    expect(email.text).toContain("Confirmer mon adresse\u202f: https://recours.test/a?b=1&c=2");
    expect(email.html).not.toContain("Ouvrir le lien");
  });

  it("keeps a paragraph that is only a link as the address itself, never a generic button", () => {
    const email = renderEmail(template, { prenom: "Léa", lien: "https://recours.test/a?b=1&c=2" });
    expect(email.html).toContain('<a href="https://recours.test/a?b=1&amp;c=2" style="color:#1e40af">https://recours.test/a?b=1&amp;c=2</a>');
    expect(email.html).not.toContain("Ouvrir le lien");
  });

  it("does not make a button of a value that is not a web address", () => {
    const email = renderEmail(template, { prenom: "Léa", lien: "javascript:alert(1)" });
    // The one link is the safety box's.
    expect(email.html.match(/href=/g)).toEqual(["href="]);
    expect(email.html).toContain('href="/verifier-un-contact"');
  });

  it("links the safety box to /verifier-un-contact on the site, in both parts", () => {
    const email = renderEmail(template, { prenom: "Léa", lien: "https://x.test" }, [], "https://recours.test");
    expect(email.html).toContain('<a href="https://recours.test/verifier-un-contact"');
    expect(email.text).toContain(`${verifyContactNotice.text} https://recours.test/verifier-un-contact`);
    expect(email.loggedText).toContain("https://recours.test/verifier-un-contact");
  });

  it("adds the product name and the safety box to both parts", () => {
    const email = renderEmail(template, { prenom: "Léa", lien: "https://x.test" });
    expect(email.html).toContain("Recours");
    expect(email.html).toContain(escapeHtml(safetyNotice));
    expect(email.text).toContain(safetyNotice);
  });

  it("masks secret variables in the copy kept for the log only", () => {
    const email = renderEmail(template, { prenom: "Léa", lien: "https://x.test/?token=abc" }, ["lien"]);
    expect(email.text).toContain("token=abc");
    expect(email.loggedText).not.toContain("token=abc");
    expect(email.loggedText).toContain(MASKED_LINK);
  });

  it("leaves an unknown variable empty", () => {
    expect(renderEmail({ subject: "{{inconnu}}x", body: "a" }, {}).subject).toBe("x");
  });

  it("keeps every variable on one line: a legacy name with line breaks cannot start a paragraph", () => {
    const injected = "Léa\r\n\r\nVotre dossier est bloqué, appelez le 01 23 45 67 89\u2028\u200b";
    const email = renderEmail(template, { prenom: injected, lien: "https://recours.test/l" });
    expect(email.text).toContain("Bonjour Léa Votre dossier est bloqué, appelez le 01 23 45 67 89,\n");
    expect(email.text).not.toMatch(/Léa\r?\n/);
    expect(email.html).toContain("Bonjour Léa Votre dossier est bloqué, appelez le 01 23 45 67 89,");
    expect(email.html).not.toMatch(/Léa(<br>|<\/p>)/);
    expect(email.subject).toBe("Bonjour Léa Votre dossier est bloqué, appelez le 01 23 45 67 89");
  });
});
