import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { logger } from "~/platform/logger.server";

/** A French commune a postal code serves, with the department the profile stores. */
export interface Commune {
  name: string;
  departmentCode: string;
  departmentName: string;
}

interface RawCommune {
  type: string;
  nom: string;
  departement?: string;
  codesPostaux?: string[];
  population?: number;
}

interface RawDepartment {
  code: string;
  nom: string;
}

export type CommuneIndex = ReadonlyMap<string, readonly Commune[]>;

let loading: Promise<CommuneIndex> | undefined;

/**
 * Postal code → communes, built once per process from @etalab/decoupage-administratif (INSEE's official list,
 * read from disk: nothing is fetched). Only current communes: Paris, Lyon and Marseille are one commune each,
 * not their arrondissements. Most populated first, the order people expect to find their town in.
 */
export function communeIndex(): Promise<CommuneIndex> {
  loading ??= buildIndex().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function readDataFile<T>(name: string): Promise<T> {
  const require = createRequire(import.meta.url);
  const folder = path.dirname(require.resolve("@etalab/decoupage-administratif/package.json"));
  return JSON.parse(await readFile(path.join(folder, "data", name), "utf8")) as T;
}

async function buildIndex(): Promise<CommuneIndex> {
  const started = performance.now();
  const [communes, departments] = await Promise.all([
    readDataFile<RawCommune[]>("communes.json"),
    readDataFile<RawDepartment[]>("departements.json"),
  ]);
  const departmentNames = new Map(departments.map((department) => [department.code, department.nom]));
  const byPostalCode = new Map<string, (Commune & { population: number })[]>();
  let count = 0;
  for (const commune of communes) {
    if (commune.type !== "commune-actuelle" || !commune.departement) continue;
    count += 1;
    const entry = {
      name: commune.nom,
      departmentCode: commune.departement,
      departmentName: departmentNames.get(commune.departement) ?? commune.departement,
      population: commune.population ?? 0,
    };
    for (const postalCode of commune.codesPostaux ?? []) {
      const list = byPostalCode.get(postalCode) ?? [];
      list.push(entry);
      byPostalCode.set(postalCode, list);
    }
  }
  const index = new Map<string, readonly Commune[]>();
  for (const [postalCode, list] of byPostalCode) {
    list.sort((a, b) => b.population - a.population || a.name.localeCompare(b.name, "fr"));
    index.set(
      postalCode,
      list.map(({ name, departmentCode, departmentName }) => ({ name, departmentCode, departmentName })),
    );
  }
  logger.info(
    { communes: count, postalCodes: index.size, durationMs: Math.round(performance.now() - started) },
    "index des communes prêt",
  );
  return index;
}
