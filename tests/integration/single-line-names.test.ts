import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestPasswordReset, signUp } from "~/modules/accounts/accounts.server";
import { messages, signUpSchema } from "~/modules/accounts/accounts.schema";
import { NAME_LINE_MESSAGE, fieldErrors } from "~/lib/form";
import { db } from "~/platform/runtime.server";
import { seedAccount } from "../support/accounts";
import { latestLink, sentEmails } from "../support/mailbox";
import { startTestRuntime, testEngines } from "../support/test-database";

const anonymous = { kind: "anonymous" as const, clientAddress: "203.0.113.40" };
const request = () => new Request("http://localhost/", { headers: { "x-recours-client-address": "203.0.113.40" } });

describe.each(testEngines())("single-line names on %s", (engine) => {
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ stop } = await startTestRuntime(engine));
  });
  afterAll(() => stop());

  it("a first name with \\r\\n is refused at sign-up with a French message, and no account is made", async () => {
    const parsed = signUpSchema.safeParse({
      firstName: "Jean\r\nVotre compte est suspendu",
      lastName: "Martin",
      email: "crlf@exemple.fr",
      password: "cheval agrafe nuage tribord 47",
      phoneMobileCountry: "FR",
      phoneMobile: "612345678",
      country: "france",
    });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(fieldErrors(parsed.error)).toEqual({ firstName: NAME_LINE_MESSAGE });
    expect(await db().selectFrom("user").select("id").where("email", "=", "crlf@exemple.fr").executeTakeFirst()).toBeUndefined();
    expect(messages.firstNameRequired).toBe("Le prénom est requis");
  });

  it("an email rendered from a stored legacy name with line breaks keeps it on one line", async () => {
    const { userId, email } = await seedAccount("user");
    // A row written before names were checked.
    await db().updateTable("profiles").set({ first_name: "Léa\r\n\r\nAppelez le 01 23 45 67 89" }).where("id", "=", userId).execute();
    await requestPasswordReset(anonymous, email);
    await latestLink(email, "/reinitialiser-mot-de-passe");
    const mail = sentEmails.findLast((sent) => sent.to === email)!;
    expect(mail.text).toContain("Bonjour Léa Appelez le 01 23 45 67 89,");
    expect(mail.text).not.toMatch(/Léa\r?\n/);
    expect(mail.html).not.toMatch(/Léa(<br>|<\/p>)/);
  });

  it("migration 0005 cleans existing names (profiles and auth user)", async () => {
    const { userId } = await seedAccount("user");
    await db()
      .updateTable("profiles")
      .set({ first_name: "Anne\r\nMarie\u200b", last_name: "\tDupont\u2028 " })
      .where("id", "=", userId)
      .execute();
    await db().updateTable("user").set({ name: "Anne\nMarie Dupont" }).where("id", "=", userId).execute();
    const migration = readFileSync(path.resolve("db/migrations/0005_single_line_names.sql"), "utf8");
    await db().transaction().execute((trx) => sql.raw(migration).execute(trx));
    const profile = await db().selectFrom("profiles").select(["first_name", "last_name"]).where("id", "=", userId).executeTakeFirstOrThrow();
    expect(profile).toEqual({ first_name: "Anne Marie", last_name: "Dupont" });
    const user = await db().selectFrom("user").select("name").where("id", "=", userId).executeTakeFirstOrThrow();
    expect(user.name).toBe("Anne Marie Dupont");
  });

  it("sign-up still accepts names of any language", async () => {
    const input = signUpSchema.parse({
      firstName: "Zoë-Łucja",
      lastName: "N'Guyễn O’Brien Jr.",
      email: "monde@exemple.fr",
      password: "cheval agrafe nuage tribord 47",
      phoneMobileCountry: "FR",
      phoneMobile: "612345678",
      country: "france",
    });
    expect((await signUp(anonymous, input, request())).ok).toBe(true);
  });
});
