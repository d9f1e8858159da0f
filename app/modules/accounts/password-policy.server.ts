import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as french from "@zxcvbn-ts/language-fr";

const MINIMUM_SCORE = 3;

let checker: ZxcvbnFactory | undefined;

function zxcvbn(): ZxcvbnFactory {
  checker ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...french.dictionary },
    graphs: common.adjacencyGraphs,
    translations: french.translations,
  });
  return checker;
}

/**
 * True when the password is common, appears in the leaked-password lists zxcvbn ships,
 * or is built from the person's own name or email.
 */
export function isGuessablePassword(password: string, personalInputs: string[] = []): boolean {
  const inputs = personalInputs.flatMap((value) => [value, ...value.split(/[@.\s_-]+/)]).filter((v) => v.length >= 3);
  if (zxcvbn().check(password.slice(0, 128), inputs).score < MINIMUM_SCORE) return true;
  return withoutPersonalWords(password, inputs).length < MINIMUM_OWN_CHARACTERS;
}

// zxcvbn still rates "jeandupont1984" fair for Jean Dupont: what remains once the name is taken out must stand alone.
const MINIMUM_OWN_CHARACTERS = 8;

function withoutPersonalWords(password: string, inputs: string[]): string {
  let rest = fold(password);
  for (const input of [...inputs].sort((a, b) => b.length - a.length)) rest = rest.split(fold(input)).join("");
  return rest;
}

function fold(value: string): string {
  return value.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
}
