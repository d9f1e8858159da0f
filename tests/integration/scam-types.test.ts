/**
 * Every scam type the landing pages explain is one the wizard offers and stores (issue 29): the database takes the
 * new values and keeps the old ones, the wizard preselects the landing page's type, staff search finds it by its
 * French label and the complaint pack names it.
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scamSlugs } from "~/content/site";
import { complaintPackFor } from "~/modules/case-file/complaint-pack.server";
import { scamTypesMatching } from "~/modules/cases/admin-cases.schema";
import { caseWizardFor, saveCaseDraft } from "~/modules/cases/cases.server";
import {
  DESCRIPTION_PLACEHOLDERS,
  presetScamType,
  SCAM_SLUG_TYPES,
  SCAM_TYPE_EXPLANATIONS,
  scamTypeLabel,
  WIZARD_SCAM_TYPES,
} from "~/modules/cases/cases.schema";
import type { UserActor } from "~/platform/actor";
import { db } from "~/platform/runtime.server";
import { draftInput, insertSubmittedCase, seedPerson } from "../support/cases";
import { startTestRuntime, testEngines } from "../support/test-database";

function pdfText(pdf: Buffer): string {
  const directory = mkdtempSync(path.join(tmpdir(), "recours-pdf-"));
  try {
    const file = path.join(directory, "document.pdf");
    writeFileSync(file, pdf);
    return execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

describe("the landing pages' scam types in the wizard", () => {
  it("maps every landing page to a wizard type with its own French label, explanation and placeholder", () => {
    for (const slug of scamSlugs) {
      const type = SCAM_SLUG_TYPES[slug];
      expect(WIZARD_SCAM_TYPES).toContain(type);
      expect(presetScamType(slug)).toBe(type);
    }
    // Nine pages, nine different types: none of them falls back to "Autre" but the page about other scams.
    expect(new Set(Object.values(SCAM_SLUG_TYPES)).size).toBe(scamSlugs.length);
    expect(scamTypeLabel(SCAM_SLUG_TYPES["arnaque-president"])).toBe("Fraude au président (FOVI)");
    expect(scamTypeLabel(SCAM_SLUG_TYPES["faux-conseiller-bancaire"])).toBe("Faux conseiller bancaire");
    expect(scamTypeLabel(SCAM_SLUG_TYPES["usurpation-identite"])).toBe("Usurpation d'identité");
    for (const type of WIZARD_SCAM_TYPES) {
      expect(scamTypeLabel(type)).not.toBe(type);
      expect(SCAM_TYPE_EXPLANATIONS[type]).toBeTruthy();
      expect(DESCRIPTION_PLACEHOLDERS[type]).toBeTruthy();
    }
    expect(WIZARD_SCAM_TYPES.at(-1)).toBe("other");
  });

  it("ignores a type parameter that names no type", () => {
    for (const value of [null, "", "arnaque", "toString", "__proto__", "ARNAQUE-PRESIDENT", "phishing "]) {
      expect(presetScamType(value)).toBeNull();
    }
    expect(presetScamType("romance_scam")).toBe("romance_scam");
  });

  it("finds the new types by their French label in the staff search", () => {
    expect(scamTypesMatching("fovi")).toEqual(["ceo_fraud"]);
    expect(scamTypesMatching("usurpation")).toEqual(["identity_theft"]);
  });
});

describe.each(testEngines())("scam types stored and printed (%s)", (engine) => {
  let stop: () => Promise<void>;
  let client: UserActor;

  beforeAll(async () => {
    stop = (await startTestRuntime(engine)).stop;
    client = await seedPerson("user", "Fabienne", { verified: true });
  }, 120_000);
  afterAll(async () => {
    await stop?.();
  });

  it("saves a draft of every wizard type, the new ones and the old ones", async () => {
    for (const type of WIZARD_SCAM_TYPES) {
      const draftId = randomUUID();
      const saved = await saveCaseDraft(client, draftId, draftInput({ scam_type: type }));
      expect(saved.ok).toBe(true);
      const row = await db().selectFrom("cases").select("scam_type").where("id", "=", draftId).executeTakeFirstOrThrow();
      expect(row.scam_type).toBe(type);
    }
  });

  it("preselects the landing page's type on a new wizard, saving nothing", async () => {
    const before = await db().selectFrom("cases").select(db().fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
    const view = await caseWizardFor(client, null, presetScamType("faux-conseiller-bancaire"));
    expect(view.kind === "wizard" && view.values.scam_type).toBe("fake_bank_advisor");
    expect(view.kind === "wizard" && view.reachable).toBe(1);
    const plain = await caseWizardFor(client, null, presetScamType("pas-une-arnaque"));
    expect(plain.kind === "wizard" && plain.values.scam_type).toBe("");
    const after = await db().selectFrom("cases").select(db().fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it("names a FOVI case's type in the complaint pack, not 'Autre'", async () => {
    const { id } = await insertSubmittedCase(client.userId, { scamType: "ceo_fraud" });
    const { pdf } = await complaintPackFor(client, id, new Date("2026-11-27T10:00:00Z"));
    const text = pdfText(pdf);
    expect(text).toContain("Escroquerie : Fraude au président (FOVI)");
  });

  it("still refuses a value that is no type", async () => {
    await expect(insertSubmittedCase(client.userId, { scamType: "sextortion" })).rejects.toThrow();
  });
});
