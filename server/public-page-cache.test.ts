import { describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { carriesSiteCookie, chooseCoding, inlineScriptHashes } from "./public-page-cache";

describe("chooseCoding", () => {
  it("prefers brotli, then gzip, and honours q=0", () => {
    expect(chooseCoding(undefined)).toBe("identity");
    expect(chooseCoding("")).toBe("identity");
    expect(chooseCoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseCoding("gzip")).toBe("gzip");
    expect(chooseCoding("br;q=0, gzip")).toBe("gzip");
    expect(chooseCoding("gzip;q=0.5, br;q=0.4")).toBe("gzip");
    expect(chooseCoding("gzip;q=0, br;q=0")).toBe("identity");
    expect(chooseCoding("identity")).toBe("identity");
    expect(chooseCoding("*")).toBe("br");
    expect(chooseCoding("*;q=0")).toBe("identity");
    expect(chooseCoding("deflate")).toBe("identity");
  });
});

describe("carriesSiteCookie", () => {
  it("sees the session, second-factor and flash cookies, under http and https names, and nothing else", () => {
    expect(carriesSiteCookie(undefined)).toBe(false);
    expect(carriesSiteCookie("recours.session_token=abc")).toBe(true);
    expect(carriesSiteCookie("a=1; __Secure-recours.session_token=abc")).toBe(true);
    expect(carriesSiteCookie("recours_flash=xyz")).toBe(true);
    expect(carriesSiteCookie("recours.two_factor=1;b=2")).toBe(true);
    expect(carriesSiteCookie("preference=sombre; monrecours.x=1")).toBe(false);
    expect(carriesSiteCookie("x=recours.session_token")).toBe(false);
  });
});

describe("inlineScriptHashes", () => {
  const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("base64");

  it("hashes each inline script's text once, the held module one included, not data blocks nor external scripts", () => {
    const html = [
      '<script>window.a = "é";</script>',
      '<script type="application/ld+json">{"@context":"https://schema.org"}</script>',
      '<script type="text/plain" data-held-module="">import("/assets/x.js");</script>',
      '<script src="/assets/y.js"></script>',
      '<script id="_R_">window.a = "é";</script>',
      "<script>\n$RC(\"B:1\",\"S:1\")</script>",
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([sha256('window.a = "é";'), sha256('import("/assets/x.js");'), sha256('\n$RC("B:1","S:1")')]);
    expect(inlineScriptHashes("<p>pas de script</p>")).toEqual([]);
  });
});
