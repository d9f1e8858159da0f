import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const componentsRoot = path.resolve(import.meta.dirname, "..");

function tsxFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return tsxFiles(full);
    return entry.name.endsWith(".tsx") ? [full] : [];
  });
}

/** A JSX attribute written as a string literal (`hint="…"`) takes its text as it is: `\u202f` would reach the page as six characters. */
function literalEscapesInAttributes(source: string): string[] {
  return [...source.matchAll(/\s[a-zA-Z-]+="[^"{}\n]*\\u[0-9a-fA-F]{4}[^"{}\n]*"/g)].map((match) => match[0].trim());
}

describe("JSX attribute strings", () => {
  it("finds an escape written in an attribute string, and not one inside braces", () => {
    expect(literalEscapesInAttributes('<TextField hint="Par exemple «\\u202fFrais\\u202f»" />')).toHaveLength(1);
    expect(literalEscapesInAttributes('<TextField hint={"Par exemple «\\u202fFrais\\u202f»"} />')).toEqual([]);
    expect(literalEscapesInAttributes('<TextField hint="Par exemple «&#x202f;Frais&#x202f;»" />')).toEqual([]);
  });

  it("no component or route writes a \\u escape in an attribute string (use &#x202f; or braces)", () => {
    const found = tsxFiles(componentsRoot).flatMap((file) => literalEscapesInAttributes(readFileSync(file, "utf8")).map((hit) => `${path.relative(componentsRoot, file)}: ${hit}`));
    expect(found).toEqual([]);
  });
});
