import { describe, expect, it } from "vitest";
import { hasBalancedPlaceholders, invalidRecipients, searchTerm, splitRecipients, usedVariables } from "./back-office.schema";

describe("back-office schemas", () => {
  it("splits recipients on commas (and what people paste), trims, drops empties and repeats", () => {
    expect(splitRecipients(" a@x.fr ,, b@x.fr;\nA@X.fr , ")).toEqual(["a@x.fr", "b@x.fr"]);
    expect(invalidRecipients(["a@x.fr", "pas-une-adresse", "b@@x.fr", `${"a".repeat(250)}@x.fr`])).toEqual([
      "pas-une-adresse",
      "b@@x.fr",
      `${"a".repeat(250)}@x.fr`,
    ]);
  });

  it("knows balanced placeholders and the variables a text uses", () => {
    expect(hasBalancedPlaceholders("Bonjour {{prenom}}, {{ lien }}")).toBe(true);
    expect(hasBalancedPlaceholders("Bonjour {{prenom")).toBe(false);
    expect(hasBalancedPlaceholders("Bonjour prenom}}")).toBe(false);
    expect(hasBalancedPlaceholders("Bonjour {{Prénom}}")).toBe(false);
    expect(usedVariables("{{a}} {{b}} {{a}}")).toEqual(["a", "b"]);
  });

  it("a search term is trimmed and cut to 200 characters; control characters are refused", () => {
    expect(searchTerm.parse("  jean ")).toBe("jean");
    expect(searchTerm.parse(undefined)).toBe("");
    expect(searchTerm.parse("x".repeat(300))).toHaveLength(200);
    expect(searchTerm.safeParse("a\u0000b").success).toBe(false);
    expect(searchTerm.safeParse("a\u200bb").success).toBe(false);
  });
});
