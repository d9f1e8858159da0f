import { describe, expect, it } from "vitest";
import { containsPattern, escapeLike } from "./like-pattern";

describe("escapeLike", () => {
  it("escapes the wildcards and the escape character", () => {
    expect(escapeLike("50%_a\\b")).toBe("50\\%\\_a\\\\b");
    expect(containsPattern("jean_d")).toBe("%jean\\_d%");
    expect(escapeLike("Éloïse")).toBe("Éloïse");
  });
});
