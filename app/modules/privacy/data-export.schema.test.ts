import { describe, expect, it } from "vitest";
import { DATA_EXPORT_INTENT, dataExportMessages, dataExportRequestSchema, exportTokenSchema } from "./data-export.schema";

describe("data export request form", () => {
  it("asks for the password in French when it is missing or empty", () => {
    for (const values of [{ intent: DATA_EXPORT_INTENT }, { intent: DATA_EXPORT_INTENT, password: "" }]) {
      const result = dataExportRequestSchema.safeParse(values);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(dataExportMessages.passwordRequired);
    }
  });

  it("refuses an unknown intent and an overlong password", () => {
    expect(dataExportRequestSchema.safeParse({ intent: "supprimer", password: "x" }).success).toBe(false);
    const long = dataExportRequestSchema.safeParse({ intent: DATA_EXPORT_INTENT, password: "x".repeat(129) });
    expect(long.error?.issues[0]?.message).toBe(dataExportMessages.passwordWrong);
    expect(dataExportRequestSchema.parse({ intent: DATA_EXPORT_INTENT, password: "cheval agrafe nuage tribord 47" }).password).toBe("cheval agrafe nuage tribord 47");
  });

  it("accepts only a 43-character base64url token", () => {
    expect(exportTokenSchema.safeParse("A".repeat(43)).success).toBe(true);
    for (const token of ["A".repeat(42), "A".repeat(44), `${"A".repeat(42)}=`, `${"A".repeat(42)}/`]) {
      expect(exportTokenSchema.safeParse(token).success).toBe(false);
    }
  });
});
