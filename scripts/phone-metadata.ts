/**
 * Writes app/lib/phone-metadata.min.ts and .max.ts: libphonenumber-js's metadata cut down to the five countries
 * Recours serves, plus the United States, main country of the +1 plan Canada shares and whose formats Canada's entry
 * relies on. 3.5 and 4.7 kB instead of 83 and 157 kB in the sign-up and profile pages' scripts.
 * Run again after updating libphonenumber-js: app/lib/phone.test.ts fails until then.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { servedPhoneMetadata, type PhoneMetadataKind } from "../app/lib/phone-metadata-source";

for (const kind of ["min", "max"] satisfies PhoneMetadataKind[]) {
  const target = path.resolve(import.meta.dirname, `../app/lib/phone-metadata.${kind}.ts`);
  const source = [
    "// Written by `npm run phone-metadata` (scripts/phone-metadata.ts) from libphonenumber-js: do not edit.",
    'import type { MetadataJson } from "libphonenumber-js/core";',
    "",
    `export const phoneMetadata = ${JSON.stringify(servedPhoneMetadata(kind))} as unknown as MetadataJson;`,
    "",
  ].join("\n");
  writeFileSync(target, source);
  console.log(`${path.relative(process.cwd(), target)} écrit`);
}
