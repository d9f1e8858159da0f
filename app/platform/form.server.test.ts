import { describe, expect, it } from "vitest";
import { z } from "zod";
import { NUL_MESSAGE } from "~/lib/form";
import { parseForm } from "./form.server";

const form = (body: string) =>
  new Request("http://localhost/", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });

describe("parseForm", () => {
  const schema = z.object({ email: z.string().min(1, "L'email est requis"), password: z.string() });

  it("refuses a NUL or control character in any field, even one its schema would let through, keeping the values", async () => {
    const result = await parseForm(form("email=a%40b.fr&password=mot%00de%1Bpasse"), schema);
    expect(result).toMatchObject({ ok: false, fieldErrors: { password: NUL_MESSAGE }, values: { email: "a@b.fr" } });
  });

  it("keeps the schema's own message for a field it refuses, and accepts tabs and line breaks", async () => {
    expect(await parseForm(form("email=&password=%00"), schema)).toMatchObject({
      ok: false,
      fieldErrors: { email: "L'email est requis", password: NUL_MESSAGE },
    });
    expect(await parseForm(form("email=a&password=x%09y%0D%0Az"), schema)).toMatchObject({ ok: true });
  });
});
