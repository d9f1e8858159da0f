import { describe, expect, it } from "vitest";
import type { UserActor } from "~/platform/actor";
import { profileFormSchema } from "./profile.schema";
import { completeResidenceFromPostalCode } from "./profile.server";

const actor: UserActor = {
  kind: "user",
  userId: "u1",
  sessionId: "s1",
  email: "a@exemple.fr",
  role: "user",
  firstName: "A",
  lastName: "B",
  clientAddress: "127.0.0.1",
  secondFactor: "not-enrolled",
};

describe("a postal code posted without JavaScript", () => {
  it("fills city and department for a code that serves one commune, so 'Ville requise' is not shown", async () => {
    const completed = await completeResidenceFromPostalCode(actor, { country: "france", postalCode: "33000", city: "", department: "" });
    expect(completed.values).toMatchObject({ city: "Bordeaux", department: "Gironde" });
    expect(completed.cityMessage).toBeUndefined();
    const parsed = profileFormSchema.safeParse(completed.values);
    const cityIssue = parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === "city");
    expect(cityIssue).toBeUndefined();
  });

  it("keeps a city the person typed and fills only the department", async () => {
    const completed = await completeResidenceFromPostalCode(actor, { country: "france", postalCode: "75008", city: "Paris", department: "" });
    expect(completed.values).toMatchObject({ city: "Paris", department: "Paris" });
  });

  it("lists the communes to choose from when a code serves several and no city was typed", async () => {
    const completed = await completeResidenceFromPostalCode(actor, { country: "france", postalCode: "01000", city: "", department: "" });
    expect(completed.values.city).toBe("");
    expect(completed.cityMessage).toMatch(/^Plusieurs communes ont le code postal 01000\u202f: .*Bourg-en-Bresse/);
  });

  it("leaves other countries and malformed codes as posted", async () => {
    const belgian = { country: "belgium", postalCode: "1000", city: "", department: "" };
    expect((await completeResidenceFromPostalCode(actor, belgian)).values).toEqual(belgian);
    const malformed = { country: "france", postalCode: "7500", city: "", department: "" };
    expect((await completeResidenceFromPostalCode(actor, malformed)).values).toEqual(malformed);
  });
});
