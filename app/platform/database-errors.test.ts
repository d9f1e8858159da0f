import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable, isUniqueViolation } from "./database-errors";

describe("isDatabaseUnavailable", () => {
  it("recognises a terminated backend, a refused or timed-out connection, wrapped or not", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("échec", { cause: Object.assign(new Error("x"), { code: "08006" }) }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([Object.assign(new Error("x"), { code: "ECONNREFUSED" })]))).toBe(true);
  });

  it("leaves the request's own errors alone", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
  });
});

describe("isUniqueViolation", () => {
  it("is true only for SQLSTATE 23505", () => {
    expect(isUniqueViolation(Object.assign(new Error("duplicate key value violates unique constraint"), { code: "23505" }))).toBe(true);
    expect(isUniqueViolation(Object.assign(new Error("foreign key"), { code: "23503" }))).toBe(false);
    expect(isUniqueViolation(new Error("boom"))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
