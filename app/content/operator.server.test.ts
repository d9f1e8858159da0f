import { describe, expect, it } from "vitest";
import { parseEnv } from "~/platform/env.server";
import { operatorIdentity } from "./operator.server";
import { operatorPlaceholders } from "./site";

describe("operatorIdentity", () => {
  it("shows visible placeholders when nothing is configured", () => {
    const identity = operatorIdentity(parseEnv({}));
    expect(identity).toEqual(operatorPlaceholders);
    expect(identity.siren).toMatch(/^\[.+ à compléter\]$/);
  });

  it("takes each OPERATOR_* variable that is set, and keeps the placeholder for the others", () => {
    const identity = operatorIdentity(
      parseEnv({ OPERATOR_NAME: "Recours SAS", OPERATOR_SIREN: "123 456 789", OPERATOR_EMAIL: "bonjour@recours.fr" }),
    );
    expect(identity.name).toBe("Recours SAS");
    expect(identity.siren).toBe("123 456 789");
    expect(identity.email).toBe("bonjour@recours.fr");
    expect(identity.address).toBe(operatorPlaceholders.address);
  });

  it("refuses an invalid contact email at boot, in French", () => {
    expect(() => parseEnv({ OPERATOR_EMAIL: "pas-un-email" })).toThrow(/OPERATOR_EMAIL : doit être une adresse email valide/);
  });
});
