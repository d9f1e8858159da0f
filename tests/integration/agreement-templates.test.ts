/**
 * The fee agreement's templates (issue 30, decision 0077) on each engine: version 1 generated once from the fee model,
 * versions immutable, a new version checked at save (required sections and mentions, placeholders, bounds against
 * the public statement), admins only, and every save in the staff journal.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXAMPLE_FEE_MODEL } from "~/content/operator.server";
import { REQUIRED_SECTION_KINDS, SECTION_KIND_LABELS } from "~/modules/agreements/agreements.schema";
import { placeholderValues } from "~/modules/agreements/agreement-pdf.server";
import { fillPlaceholders } from "~/modules/agreements/templates.schema";
import { boundsBeyondModel, templateVersionSchema, type TemplateVersionInput } from "~/modules/agreements/templates.schema";
import { createTemplateVersion, currentTemplate, listTemplates, templateById, templateVersion } from "~/modules/agreements/templates.server";
import { ForbiddenError, NotFoundError, type UserActor } from "~/platform/actor";
import { db } from "~/platform/runtime.server";
import { seedActor } from "../support/cases";
import { startTestRuntime, testEngines } from "../support/test-database";

function inputFrom(template: TemplateVersionInput, changes: Partial<TemplateVersionInput> = {}): TemplateVersionInput {
  return {
    title: template.title,
    sections: template.sections.map((section) => ({ ...section })),
    baseFeeMinCents: template.baseFeeMinCents,
    baseFeeMaxCents: template.baseFeeMaxCents,
    baseFeeDue: template.baseFeeDue,
    resultPercentMinBp: template.resultPercentMinBp,
    resultPercentMaxBp: template.resultPercentMaxBp,
    ...changes,
  };
}

async function templateCount(): Promise<number> {
  const { count } = await db().selectFrom("fee_agreement_templates").select((eb) => eb.fn.countAll<string>().as("count")).executeTakeFirstOrThrow();
  return Number(count);
}

describe.each(testEngines())("agreement templates on %s", (engine) => {
  let stop: () => Promise<void>;
  let admin: UserActor;
  let lawyer: UserActor;
  let client: UserActor;

  beforeAll(async () => {
    ({ stop } = await startTestRuntime(engine));
    admin = await seedActor("admin", "Agnès", "Martin");
    lawyer = await seedActor("lawyer", "Laure");
    client = await seedActor("user", "Léa");
  }, 120_000);
  afterAll(() => stop());

  it("generates version 1 from the fee model once, even when two callers ask at the same time", async () => {
    expect(await templateCount()).toBe(0);
    const [first, second] = await Promise.all([currentTemplate(), currentTemplate()]);
    expect(await templateCount()).toBe(1);
    expect(first.id).toBe(second.id);
    expect(first).toMatchObject({
      version: 1,
      createdBy: null,
      baseFeeMinCents: EXAMPLE_FEE_MODEL.baseFeeCents,
      baseFeeMaxCents: EXAMPLE_FEE_MODEL.baseFeeCents,
      baseFeeDue: EXAMPLE_FEE_MODEL.baseFeeDue,
      resultPercentMinBp: 0,
      resultPercentMaxBp: EXAMPLE_FEE_MODEL.resultPercentBp,
    });
    for (const kind of REQUIRED_SECTION_KINDS) expect(first.sections.some((section) => section.kind === kind), kind).toBe(true);
    const text = first.sections.map((section) => section.body).join("\n");
    for (const mention of ["{{honoraires_diligence}}", "{{pourcentage_resultat}}", "CARPA", "180 boulevard Haussmann", "14 jours", "Me rétracter", "R221-1", "{{email_avocat}}"]) {
      expect(text).toContain(mention);
    }
    expect(await templateById(db(), first.id)).toEqual(first);
    // Filled in as a proposal fills it: every placeholder has a value, and the sentences read right.
    for (const due of ["fin-de-dossier", "signature"] as const) {
      const party = { fullName: "Jeanne Martin", email: "jeanne@example.com", address: "1 rue de la Paix, 75002 Paris", reference: "Identité vérifiée" };
      const values = placeholderValues({
        caseNumber: "REC-2026-000001", revision: 1, templateTitle: first.title, templateVersion: 1, sections: first.sections,
        client: party, lawyer: { ...party, fullName: "Maître Paul Durand", barName: "Barreau de Lyon", barNumber: "12345" },
        operator: { name: "Recours SAS", email: "bonjour@recours.fr" }, baseFeeCents: 50_000, baseFeeDue: due, resultPercentBp: 1500, vatRateBp: 2000,
        foreseenCosts: "", proposedAt: new Date(),
      });
      const filled = first.sections.map((section) => fillPlaceholders(`${section.title}\n${section.body}`, values)).join("\n");
      expect(filled, due).not.toMatch(/\{\{|payables payables/);
    }
    // The generated version passes the rules an admin's version must pass.
    expect(templateVersionSchema(EXAMPLE_FEE_MODEL).safeParse(formOf(first)).success).toBe(true);
  });

  it("keeps every version as it was: the database refuses an update and a delete", async () => {
    const current = await currentTemplate();
    await expect(sql`UPDATE fee_agreement_templates SET title = 'Changé' WHERE id = ${current.id}`.execute(db())).rejects.toThrow(/ne change pas/);
    await expect(db().updateTable("fee_agreement_templates").set({ base_fee_max_cents: 1 }).where("id", "=", current.id).execute()).rejects.toThrow();
    await expect(db().deleteFrom("fee_agreement_templates").where("id", "=", current.id).execute()).rejects.toThrow(/ne change pas/);
    expect((await templateById(db(), current.id)).title).toBe(current.title);
  });

  it("saves a new version as the latest + 1, with its author, in the staff journal", async () => {
    const current = await currentTemplate();
    const result = await createTemplateVersion(admin, inputFrom(current, { title: "Convention d'honoraires, version revue" }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.template).toMatchObject({ version: current.version + 1, title: "Convention d'honoraires, version revue", createdBy: { name: "Agnès Martin" } });
    expect((await currentTemplate()).id).toBe(result.template.id);
    // The previous version is still there, unchanged (an agreement made from it keeps it).
    expect(await templateById(db(), current.id)).toEqual(current);
    const entry = await db().selectFrom("staff_audit_log").selectAll().where("action", "=", "agreement-template.created").executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ actor_id: admin.userId, target_type: "agreement-template", target_id: result.template.id });
    expect((await listTemplates(admin)).map((template) => template.version)).toEqual([current.version + 1, current.version]);
    expect((await templateVersion(admin, current.id)).version).toBe(current.version);
  });

  it("numbers two versions saved at once consecutively", async () => {
    const current = await currentTemplate();
    const results = await Promise.all([createTemplateVersion(admin, inputFrom(current)), createTemplateVersion(admin, inputFrom(current))]);
    const versions = results.map((result) => (result.ok ? result.template.version : 0)).sort();
    expect(versions).toEqual([current.version + 1, current.version + 2]);
  });

  it("refuses a version missing a required section with the French message, and saves nothing", async () => {
    const current = await currentTemplate();
    const before = await templateCount();
    const journal = await db().selectFrom("staff_audit_log").select("id").execute();
    const result = await createTemplateVersion(admin, inputFrom(current, { sections: current.sections.filter((section) => section.kind !== "withdrawal") }));
    expect(result).toEqual({ ok: false, status: 400, fieldErrors: { "manquante-withdrawal": `Section obligatoire manquante\u202f: ${SECTION_KIND_LABELS.withdrawal}` } });
    // A required section left empty counts as missing.
    const emptied = await createTemplateVersion(admin, inputFrom(current, { sections: current.sections.map((section) => (section.kind === "mediator" ? { ...section, body: "  " } : section)) }));
    expect(!emptied.ok && emptied.fieldErrors["manquante-mediator"]).toBe(`Section obligatoire manquante\u202f: ${SECTION_KIND_LABELS.mediator}`);
    expect(await templateCount()).toBe(before);
    expect(await db().selectFrom("staff_audit_log").select("id").execute()).toHaveLength(journal.length);
  });

  it("refuses an unknown placeholder naming it, and a required mention dropped", async () => {
    const current = await currentTemplate();
    const before = await templateCount();
    const index = current.sections.findIndex((section) => section.kind === "scope");
    const sections = current.sections.map((section, at) => (at === index ? { ...section, body: `${section.body} Contact : {{telephone_avocat}} et {{ client }}.` } : section));
    const unknown = await createTemplateVersion(admin, inputFrom(current, { sections }));
    expect(!unknown.ok && unknown.fieldErrors[`section-${index}-body`]).toMatch(/^Variable inconnue\u202f: \{\{telephone_avocat\}\}\. Variables possibles/);
    const funds = current.sections.findIndex((section) => section.kind === "funds");
    const withoutCarpa = current.sections.map((section, at) => (at === funds ? { ...section, body: section.body.replaceAll("CARPA", "bancaire") } : section));
    const dropped = await createTemplateVersion(admin, inputFrom(current, { sections: withoutCarpa }));
    expect(!dropped.ok && dropped.fieldErrors[`section-${funds}-body`]).toBe(`La section «\u202f${SECTION_KIND_LABELS.funds}\u202f» doit mentionner le compte CARPA.`);
    expect(await templateCount()).toBe(before);
  });

  it("refuses bounds the public fee statement does not allow", async () => {
    const current = await currentTemplate();
    const refused = async (changes: Partial<TemplateVersionInput>) => {
      const result = await createTemplateVersion(admin, inputFrom(current, changes));
      expect(result.ok).toBe(false);
      return result.ok ? {} : result.fieldErrors;
    };
    expect((await refused({ baseFeeMaxCents: EXAMPLE_FEE_MODEL.baseFeeCents + 1 })).baseFeeMax).toMatch(/annoncés sur le site/);
    expect((await refused({ resultPercentMaxBp: EXAMPLE_FEE_MODEL.resultPercentBp + 100 })).resultPercentMax).toMatch(/annoncé sur le site\u202f: 15\u202f% HT/);
    expect((await refused({ resultPercentMinBp: 1000, resultPercentMaxBp: 500 })).resultPercentMin).toBe("Le minimum ne peut pas dépasser le maximum.");
    expect((await refused({ baseFeeMinCents: 0 })).baseFeeMin).toMatch(/pacte de quota litis/);
    expect((await refused({ baseFeeDue: "signature" })).baseFeeDue).toMatch(/payables à la fin du dossier/);
    // The operator lowering its percentage since: the saved version is flagged for a new one.
    expect(boundsBeyondModel(current, EXAMPLE_FEE_MODEL)).toEqual([]);
    expect(boundsBeyondModel(current, { ...EXAMPLE_FEE_MODEL, resultPercentBp: 1000 })).toEqual(["Le maximum ne peut pas dépasser le pourcentage annoncé sur le site\u202f: 10\u202f% HT."]);
  });

  it("is for admins only", async () => {
    const current = await currentTemplate();
    for (const actor of [lawyer, client]) {
      await expect(createTemplateVersion(actor, inputFrom(current))).rejects.toThrow(ForbiddenError);
      await expect(listTemplates(actor)).rejects.toThrow(ForbiddenError);
      await expect(templateVersion(actor, current.id)).rejects.toThrow(ForbiddenError);
    }
    await expect(templateVersion(admin, "pas-un-identifiant")).rejects.toThrow(NotFoundError);
    await expect(templateVersion(admin, "00000000-0000-4000-8000-000000000000")).rejects.toThrow(NotFoundError);
  });

  it("reads the form's flat fields and keys each error by the field that shows it", () => {
    const schema = templateVersionSchema(EXAMPLE_FEE_MODEL);
    const parsed = schema.safeParse({ title: "", baseFeeMin: "cinq", baseFeeMax: "500", baseFeeDue: "jamais", resultPercentMin: "0", resultPercentMax: "15", "section-0-kind": "parties", "section-0-title": "Les parties", "section-0-body": "" });
    expect(parsed.success).toBe(false);
    const fields = new Set(parsed.error?.issues.map((issue) => String(issue.path[0])));
    for (const field of ["title", "baseFeeMin", "baseFeeDue", "section-0-body", "manquante-scope", "manquante-withdrawal"]) expect(fields.has(field), field).toBe(true);
  });
});

function formOf(template: TemplateVersionInput): Record<string, string> {
  const values: Record<string, string> = {
    title: template.title,
    baseFeeMin: String(template.baseFeeMinCents / 100),
    baseFeeMax: String(template.baseFeeMaxCents / 100),
    baseFeeDue: template.baseFeeDue,
    resultPercentMin: String(template.resultPercentMinBp / 100),
    resultPercentMax: String(template.resultPercentMaxBp / 100),
  };
  template.sections.forEach((section, index) => {
    values[`section-${index}-kind`] = section.kind;
    values[`section-${index}-title`] = section.title;
    values[`section-${index}-body`] = section.body;
  });
  return values;
}
