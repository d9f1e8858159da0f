import { describe, expect, it } from "vitest";
import { generateRecoveryCodes, RECOVERY_CODE_ALPHABET } from "./recovery-codes";
import { recoveryCodeSchema } from "./two-factor.schema";

describe("recovery codes", () => {
  it("are ten distinct XXXXX-XXXXX codes without look-alike characters", () => {
    const codes = generateRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/);
      expect(code).not.toMatch(/[0O1IL5S2Z8B]/);
    }
  });

  it("use every symbol of the alphabet over many draws", () => {
    const seen = new Set(generateRecoveryCodes(200).join("").replaceAll("-", ""));
    expect([...seen].sort().join("")).toBe([...RECOVERY_CODE_ALPHABET].sort().join(""));
  });

  it("are accepted as typed by a person: lower case, spaces, without the dash", () => {
    const [code] = generateRecoveryCodes(1);
    for (const typed of [code!, code!.toLowerCase(), code!.replace("-", ""), ` ${code!.slice(0, 5)} ${code!.slice(6)} `]) {
      expect(recoveryCodeSchema.parse(typed)).toBe(code);
    }
  });
});
