import { describe, expect, it } from "vitest";
import { assertRole, assertSignedIn, assertUser, ForbiddenError, mustEnrolSecondFactor, type UserActor } from "./actor";
import type { Role } from "./database-schema";

function person(role: Role, secondFactor: UserActor["secondFactor"]): UserActor {
  return { kind: "user", userId: "u", sessionId: "s", email: "a@example.fr", role, firstName: "A", lastName: "B", clientAddress: "203.0.113.7", secondFactor };
}

describe("actors and the second factor", () => {
  it("only lawyers and admins without a passed second factor must enrol", () => {
    expect(mustEnrolSecondFactor(person("admin", "not-enrolled"))).toBe(true);
    expect(mustEnrolSecondFactor(person("lawyer", "not-enrolled"))).toBe(true);
    expect(mustEnrolSecondFactor(person("admin", "verified"))).toBe(false);
    expect(mustEnrolSecondFactor(person("user", "not-enrolled"))).toBe(false);
  });

  it("member use cases refuse staff who have not passed it; enrolment use cases accept them", () => {
    expect(() => assertUser(person("lawyer", "not-enrolled"))).toThrow(ForbiddenError);
    expect(() => assertRole(person("admin", "not-enrolled"), "admin")).toThrow(ForbiddenError);
    expect(() => assertSignedIn(person("admin", "not-enrolled"))).not.toThrow();
    expect(() => assertUser(person("lawyer", "verified"))).not.toThrow();
    expect(() => assertUser(person("user", "not-enrolled"))).not.toThrow();
    expect(() => assertSignedIn({ kind: "anonymous", clientAddress: "x" })).toThrow(ForbiddenError);
  });
});
