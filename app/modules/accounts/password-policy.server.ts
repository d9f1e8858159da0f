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
  return zxcvbn().check(password.slice(0, 128), inputs).score < MINIMUM_SCORE;
}
