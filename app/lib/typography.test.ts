import { describe, expect, it } from "vitest";
import { NBSP, NNBSP, typeset } from "./typography";

describe("typeset", () => {
  it("puts a narrow no-break space before ? ! ; :", () => {
    expect(typeset("Vous ne le trouvez pas ? Regardez ! Oui ; non : peut-être")).toBe(
      `Vous ne le trouvez pas${NNBSP}? Regardez${NNBSP}! Oui${NNBSP}; non${NNBSP}: peut-être`,
    );
  });

  it("keeps URLs intact", () => {
    expect(typeset("Voir https://www.cnb.avocat.fr/ : annuaire")).toBe(`Voir https://www.cnb.avocat.fr/${NNBSP}: annuaire`);
  });

  it("binds € and % to their figure, and the groups of a number and of a phone number", () => {
    expect(typeset("20 % de 10 000 € pour 15 000 victimes")).toBe(`20${NNBSP}% de 10${NBSP}000${NNBSP}€ pour 15${NBSP}000 victimes`);
    expect(typeset("Appelez le 01 99 00 12 34.")).toBe(`Appelez le 01${NBSP}99${NBSP}00${NBSP}12${NBSP}34.`);
    expect(typeset("20%")).toBe(`20${NNBSP}%`);
  });

  it("puts narrow no-break spaces inside guillemets and is idempotent", () => {
    const once = typeset("Un appel « de votre banque » !");
    expect(once).toBe(`Un appel «${NNBSP}de votre banque${NNBSP}»${NNBSP}!`);
    expect(typeset(once)).toBe(once);
  });
});
