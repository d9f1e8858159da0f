import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.server";
import { requestScope } from "./request-scope.server";

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger("info", stream), lines };
}

describe("logger", () => {
  it("masks passwords, tokens, cookies and NIF wherever they sit one level deep", () => {
    const { logger, lines } = capture();
    logger.info(
      {
        password: "mot-de-passe-1",
        body: { password: "mot-de-passe-2", nif: "1234567890123", token: "jeton-3" },
        form: { currentPassword: "mot-de-passe-4", newPassword: "mot-de-passe-5", confirmPassword: "mot-de-passe-6" },
        headers: { cookie: "recours.session_token=abc", authorization: "Bearer xyz" },
        email: "visible@example.fr",
      },
      "essai",
    );
    const line = lines.join("");
    for (const secret of ["mot-de-passe-1", "mot-de-passe-2", "mot-de-passe-4", "mot-de-passe-5", "mot-de-passe-6", "1234567890123", "jeton-3", "session_token=abc", "Bearer xyz"]) {
      expect(line).not.toContain(secret);
    }
    expect(line).toContain("[masqué]");
    expect(line).toContain("visible@example.fr");
  });

  it("masks second-factor secrets: TOTP secret and URI, codes typed in a form, recovery codes", () => {
    const { logger, lines } = capture();
    logger.info(
      {
        secret: "SECRETTOTP",
        result: { totpURI: "otpauth://totp/Recours:a?secret=URISECRET", manualKey: "MANU ALKE Y234", recoveryCodes: ["AbC12-dEf34"] },
        body: { code: "123456", recoveryCode: "GhI56-jKl78" },
        twoFactor: { backupCodes: "chiffre-9" },
        err: { code: "23505" },
      },
      "essai",
    );
    const line = lines.join("");
    for (const secret of ["SECRETTOTP", "URISECRET", "MANU ALKE", "AbC12-dEf34", "123456", "GhI56-jKl78", "chiffre-9"]) {
      expect(line).not.toContain(secret);
    }
    expect(line).toContain("23505");
  });

  it("adds the request id of the request being served", () => {
    const { logger, lines } = capture();
    requestScope.run({ requestId: "req-42" }, () => logger.info("dans la requête"));
    logger.info("hors requête");
    expect(JSON.parse(lines[0]!).requestId).toBe("req-42");
    expect(JSON.parse(lines[1]!).requestId).toBeUndefined();
  });

  it("logs a database error's code and constraint but not its detail, which quotes the row", () => {
    const { logger, lines } = capture();
    const error = Object.assign(new Error('duplicate key value violates unique constraint "user_email_key"'), {
      code: "23505",
      constraint: "user_email_key",
      table: "user",
      detail: "Key (email)=(jeanne.dupont@exemple.fr) already exists.",
      where: "SQL function single_line, valeur Jeanne",
    });
    logger.error({ err: error }, "erreur base");
    const line = lines.join("");
    expect(line).toContain("23505");
    expect(line).toContain("user_email_key");
    expect(line).not.toContain("jeanne.dupont@exemple.fr");
    expect(line).not.toContain("valeur Jeanne");
  });
});
