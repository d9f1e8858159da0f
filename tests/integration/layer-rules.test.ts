/**
 * The layer table of docs/architecture.md and the ban on import cycles are lint rules (eslint.config.js, decision 66):
 * planted violations must fail them, and an import the table allows must pass. `npm run lint` checks the real tree.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result!.messages.filter((message) => message.ruleId !== "@typescript-eslint/no-unused-vars").map((message) => message.ruleId ?? message.message);
}

describe("layer rules", () => {
  it("refuses an import up the table: platform, content or lib importing a module, the lowest module importing another", async () => {
    expect(await ruleIds('export { recordStaffAction } from "~/modules/audit/audit.server";\n', "app/platform/planted.ts")).toEqual(["boundaries/dependencies"]);
    expect(await ruleIds('export { retentionRules } from "~/modules/privacy/retention";\n', "app/content/planted.ts")).toEqual(["boundaries/dependencies"]);
    expect(await ruleIds('export { env } from "~/platform/env.server";\n', "app/lib/planted.ts")).toEqual(["boundaries/dependencies"]);
    expect(await ruleIds('export { documentLabel } from "~/modules/identity/identity.schema";\n', "app/modules/audit/planted.ts")).toEqual(["boundaries/dependencies"]);
    expect(await ruleIds('export const later = () => import("~/modules/chat/chat.server");\n', "app/modules/cases/planted.ts")).toEqual(["boundaries/dependencies"]);
  });

  it("refuses a server module's code in a component, and allows its types", async () => {
    expect(await ruleIds('export { db } from "~/platform/runtime.server";\n', "app/components/planted.tsx")).toEqual(["boundaries/dependencies"]);
    expect(await ruleIds('export type { ChatThreadView } from "~/modules/chat/chat.server";\n', "app/components/planted.tsx")).toEqual([]);
  });

  it("allows the arrows of the table", async () => {
    expect(await ruleIds('export { recordStaffAction } from "~/modules/audit/audit.server";\n', "app/modules/chat/planted.ts")).toEqual([]);
    expect(await ruleIds('export { db } from "~/platform/runtime.server";\n', "app/routes/planted.ts")).toEqual([]);
    expect(await ruleIds('export { COUNTRIES } from "~/lib/countries";\n', "app/content/planted.ts")).toEqual([]);
  });

  describe("import cycles", () => {
    const folder = path.join(root, "app/platform", `.lint-planted-${process.pid}`);
    afterAll(() => rmSync(folder, { recursive: true, force: true }));

    it("refuses two files importing each other", async () => {
      mkdirSync(folder, { recursive: true });
      writeFileSync(path.join(folder, "first.ts"), 'import { second } from "./second";\nexport const first = () => second();\n');
      writeFileSync(path.join(folder, "second.ts"), 'import { first } from "./first";\nexport const second = () => first;\n');
      const [result] = await eslint.lintFiles([path.join(folder, "first.ts")]);
      expect(result!.messages.map(({ ruleId, severity }) => ({ ruleId, severity }))).toEqual([{ ruleId: "import-x/no-cycle", severity: 2 }]);
    });
  });
}, 120_000);
