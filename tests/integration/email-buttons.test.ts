import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderEmail } from "~/modules/notifications/email-rendering";
import { db } from "~/platform/runtime.server";
import { startTestRuntime, testEngines } from "../support/test-database";

/** Issue 29: every e-mail the platform sends has buttons that say what they do, and no placeholder marker. */
describe.each(testEngines())("the seeded e-mail templates on %s", (engine) => {
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ stop } = await startTestRuntime(engine));
  });
  afterAll(() => stop());

  it("each link is a button whose label comes from its template, never 'Ouvrir le lien', with no '[' marker", async () => {
    const templates = await db().selectFrom("email_templates").select(["key", "subject", "body", "variables"]).execute();
    expect(templates.length).toBeGreaterThan(15);
    for (const template of templates) {
      const variables = Object.fromEntries(
        template.variables.map((name) => [name, name.startsWith("lien") ? `https://recours.test/${name}` : `valeur-${name}`]),
      );
      const email = renderEmail(template, variables);
      expect(email.html, template.key ?? "").not.toContain("Ouvrir le lien");
      expect(`${email.subject}\n${email.html}\n${email.text}`, template.key ?? "").not.toContain("[");
      for (const link of template.variables.filter((name) => name.startsWith("lien"))) {
        const button = new RegExp(`<a href="https://recours.test/${link}" style="display:inline-block[^"]*">([^<]+)</a>`).exec(email.html);
        expect(button?.[1], `${template.key}: ${link}`).toMatch(/^[A-ZÉ][a-zé-]+ /);
      }
    }
  });
});
