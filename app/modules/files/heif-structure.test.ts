import { describe, expect, it } from "vitest";
import { heicFile, heicGridBomb } from "../../../tests/support/upload-fixtures";
import { checkHeifStructure, MAX_PIXELS } from "./file-inspection.server";
import { HeifStructureError, readHeifPrimary } from "./heif-structure";
import { UploadError } from "./upload-error";

function problemOf(work: () => void): string | undefined {
  try {
    work();
  } catch (error) {
    if (error instanceof UploadError) return error.problem;
    throw error;
  }
  return undefined;
}

describe("readHeifPrimary", () => {
  it("reads a phone photo's size from its boxes", () => {
    expect(readHeifPrimary(heicFile())).toEqual({ itemType: "hvc1", width: 1200, height: 900 });
  });

  it("reads a grid: rows, columns, output size and every tile reference", () => {
    const primary = readHeifPrimary(heicGridBomb());
    expect(primary).toMatchObject({ itemType: "grid", width: 9600, height: 9900 });
    expect(primary.grid).toMatchObject({ rows: 11, columns: 8, outputWidth: 9600, outputHeight: 9900, tileWidth: 1200, tileHeight: 900 });
    expect(primary.grid!.tiles).toHaveLength(88);
    expect(new Set(primary.grid!.tiles)).toEqual(new Set([2]));
  });

  it("refuses cut or made-up boxes without reading past them", () => {
    const photo = heicFile();
    for (const length of [0, 20, 60, 200, 340]) expect(() => readHeifPrimary(photo.subarray(0, length))).toThrow(HeifStructureError);
    const lying = Buffer.from(photo);
    lying.writeUInt32BE(0x7fffffff, 28); // the meta box claims 2 GB
    expect(() => readHeifPrimary(lying)).toThrow(HeifStructureError);
  });
});

describe("checkHeifStructure", () => {
  it("accepts a phone photo", () => {
    expect(problemOf(() => checkHeifStructure(heicFile()))).toBeUndefined();
  });

  it("refuses a grid repeating one tile under the pixel cap, and any grid past it, before decoding", () => {
    expect(9600 * 9900).toBeLessThan(MAX_PIXELS);
    expect(problemOf(() => checkHeifStructure(heicGridBomb()))).toBe("uncheckable");
    expect(problemOf(() => checkHeifStructure(heicGridBomb({ rows: 12, columns: 9 })))).toBe("tooManyPixels");
  });
});
