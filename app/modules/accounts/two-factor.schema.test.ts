import { describe, expect, it } from "vitest";
import {
  groupManualKey,
  recoveryCodeSchema,
  secondFactorSignInSchema,
  totpCodeSchema,
  totpOrRecoveryCodeSchema,
  twoFactorMessages,
  twoFactorSettingsSchema,
} from "./two-factor.schema";

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe("second-factor form schemas", () => {
  it("a TOTP code is six digits; the spaces apps show are ignored", () => {
    expect(totpCodeSchema.parse("123456")).toBe("123456");
    expect(totpCodeSchema.parse(" 123 456 ")).toBe("123456");
    expect(totpCodeSchema.parse("123\u00a0456")).toBe("123456");
    expect(firstMessage(totpCodeSchema.safeParse(""))).toBe(twoFactorMessages.codeRequired);
    expect(firstMessage(totpCodeSchema.safeParse(undefined))).toBe(twoFactorMessages.codeRequired);
    for (const wrong of ["12345", "1234567", "12a456", "１２３４５６"]) {
      expect(firstMessage(totpCodeSchema.safeParse(wrong)), wrong).toBe(twoFactorMessages.codeFormat);
    }
  });

  it("a recovery code is read in capitals and gets its dash back when typed without it", () => {
    expect(recoveryCodeSchema.parse("AbC12-dEf34")).toBe("ABC12-DEF34");
    expect(recoveryCodeSchema.parse("AbC12dEf34")).toBe("ABC12-DEF34");
    expect(recoveryCodeSchema.parse(" AbC12 - dEf34 ")).toBe("ABC12-DEF34");
    expect(firstMessage(recoveryCodeSchema.safeParse(""))).toBe(twoFactorMessages.recoveryCodeRequired);
    for (const wrong of ["AbC12-dEf3", "AbC12_dEf34", "AbC12-dEf34-x", "é1234-56789"]) {
      expect(firstMessage(recoveryCodeSchema.safeParse(wrong)), wrong).toBe(twoFactorMessages.recoveryCodeFormat);
    }
  });

  it("the opt-out field takes either kind of code", () => {
    expect(totpOrRecoveryCodeSchema.parse("123 456")).toBe("123456");
    expect(totpOrRecoveryCodeSchema.parse("AbC12dEf34")).toBe("ABC12-DEF34");
    expect(firstMessage(totpOrRecoveryCodeSchema.safeParse(""))).toBe(twoFactorMessages.codeRequired);
    expect(firstMessage(totpOrRecoveryCodeSchema.safeParse("12"))).toBe(twoFactorMessages.codeOrRecoveryCodeFormat);
  });

  it("the sign-in step and the settings page tell their forms apart, and drop unknown fields", () => {
    expect(secondFactorSignInSchema.parse({ method: "app", code: "654321", role: "admin" })).toEqual({
      method: "app",
      code: "654321",
    });
    expect(secondFactorSignInSchema.parse({ method: "recovery", recoveryCode: "AbC12dEf34" })).toEqual({
      method: "recovery",
      recoveryCode: "ABC12-DEF34",
    });
    expect(secondFactorSignInSchema.safeParse({ method: "sms", code: "654321" }).success).toBe(false);
    expect(twoFactorSettingsSchema.parse({ intent: "start", password: "x" })).toEqual({ intent: "start", password: "x" });
    expect(twoFactorSettingsSchema.safeParse({ intent: "disable", password: "", code: "123456" }).error?.issues[0]).toMatchObject({
      path: ["password"],
      message: twoFactorMessages.passwordRequired,
    });
  });

  it("the manual key is shown in groups of four", () => {
    expect(groupManualKey("JBSWY3DPEHPK3PXP")).toBe("JBSW Y3DP EHPK 3PXP");
    expect(groupManualKey("ABCDEF")).toBe("ABCD EF");
    expect(groupManualKey("")).toBe("");
  });
});
