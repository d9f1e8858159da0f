import { beforeAll, describe, expect, it } from "vitest";
import { ensureProductionBuild, startProductionServer } from "../support/production-server";

describe("starting with a wrong environment", () => {
  beforeAll(() => ensureProductionBuild(), 180_000);

  it("stops with every problem listed in French, a bad LOG_LEVEL included", async () => {
    const start = startProductionServer({ PORT: "abc", LOG_LEVEL: "bavard", DATA_DIR: "memory://" });
    await expect(start).rejects.toThrow(/Configuration invalide/);
    await expect(start).rejects.toThrow(/PORT : doit être un nombre entier/);
    await expect(start).rejects.toThrow(/LOG_LEVEL : doit valoir fatal, error, warn, info, debug, trace ou silent/);
  }, 60_000);
});
