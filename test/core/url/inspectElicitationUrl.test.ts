import { describe, expect, it } from "vitest";
import { inspectElicitationUrl } from "../../../src/core/url/urlInspection";
import { toUnicodeHostname } from "../../../src/core/url/urlHostname";

describe("inspectElicitationUrl", () => {
  it("accepts a plain https link without warnings and keeps the URL exactly as sent", () => {
    const url = "https://accounts.example.com/link?state=abc#x";
    expect(inspectElicitationUrl(url)).toEqual({
      openable: true,
      url,
      domain: "accounts.example.com",
      unicodeDomain: "accounts.example.com",
      protocol: "https:",
      warnings: [],
    });
  });

  it("warns about plain http except on localhost, 127.0.0.1 and [::1]", () => {
    expect(inspectElicitationUrl("http://example.com/").warnings).toEqual(["not-https"]);
    expect(inspectElicitationUrl("http://localhost.evil.com/").warnings).toEqual(["not-https"]);
    for (const local of ["http://localhost:3000/cb", "http://127.0.0.1/", "http://[::1]:8080/"]) {
      expect(inspectElicitationUrl(local).warnings).toEqual([]);
    }
  });

  it("flags look-alike domains: Cyrillic letters inside a Latin name", () => {
    const spoof = inspectElicitationUrl("https://pаypal.com/login"); // "а" is Cyrillic
    expect(spoof.domain).toBe("xn--pypal-4ve.com");
    expect(spoof.unicodeDomain).toBe("pаypal.com");
    expect(spoof.warnings).toEqual(["punycode", "mixed-script"]);
    expect(inspectElicitationUrl("https://xn--pypal-4ve.com/").warnings).toEqual(["punycode", "mixed-script"]);
  });

  it("flags international domains written in one script as punycode only", () => {
    expect(inspectElicitationUrl("https://bücher.de/").warnings).toEqual(["punycode"]);
    expect(inspectElicitationUrl("https://例え.jp/").warnings).toEqual(["punycode"]);
  });

  it("shows where a user@host link really goes", () => {
    const tricky = inspectElicitationUrl("https://paypal.com@evil.example/");
    expect(tricky.domain).toBe("evil.example");
    expect(tricky.warnings).toEqual(["credentials"]);
  });

  it("refuses to open anything that is not an http(s) URL", () => {
    for (const bad of ["javascript:alert(1)", "data:text/html,<b>x</b>", "file:///etc/passwd", "not a url", ""]) {
      expect(inspectElicitationUrl(bad).openable).toBe(false);
    }
  });
});

describe("toUnicodeHostname", () => {
  it("decodes each punycode label and leaves the others alone", () => {
    expect(toUnicodeHostname("www.xn--bcher-kva.de")).toBe("www.bücher.de");
    expect(toUnicodeHostname("example.com")).toBe("example.com");
  });

  it("keeps a label that is not valid punycode as it is", () => {
    expect(toUnicodeHostname("xn--!!.com")).toBe("xn--!!.com");
  });
});
