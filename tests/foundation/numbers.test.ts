import { describe, expect, it } from "vitest";
import { formatNumber } from "../../app/lib/numbers";

// Node carries full ICU, Debian's Chromium no Albanian number data: Node's own "sq" is the reference the shared
// formatter must match, so that server and browser render the same text.
const nodeHasAlbanian = new Intl.NumberFormat("sq").resolvedOptions().locale.startsWith("sq");

describe("formatNumber: the same digits on the server and in every browser", () => {
  const values = [
    0, 7, 999, 1000, 1234.5, 9999.96, 10000, 12345.67, 21622.2, 999999.9, 1234567.25, -1234.5, -123456.7, 0.05,
  ];
  it.skipIf(!nodeHasAlbanian)("writes Albanian as CLDR's sq does (decimal comma, no-break space from 10 000)", () => {
    for (const v of values) {
      expect(formatNumber(v, "al")).toBe(new Intl.NumberFormat("sq", { maximumFractionDigits: 1 }).format(v));
      expect(formatNumber(v, "al", { min: 2, max: 2 })).toBe(
        new Intl.NumberFormat("sq", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v),
      );
    }
  });
  it("writes the examples by hand", () => {
    expect(formatNumber(21622.2, "al")).toBe("21\u00a0622,2");
    expect(formatNumber(1234.5, "al")).toBe("1234,5");
    expect(formatNumber(21622.2, "en")).toBe("21,622.2");
    expect(formatNumber(-1234567, "al", { min: 2, max: 2 })).toBe("-1\u00a0234\u00a0567,00");
  });
  it("does not depend on the runtime's Albanian data (what a browser without it does)", () => {
    const original = Intl.NumberFormat;
    // a runtime that knows only English, as Chromium for "sq"
    (Intl as { NumberFormat: unknown }).NumberFormat = function (_l: unknown, o?: Intl.NumberFormatOptions) {
      return new original("en-US", o);
    };
    try {
      expect(formatNumber(21622.2, "al")).toBe("21\u00a0622,2");
    } finally {
      (Intl as { NumberFormat: unknown }).NumberFormat = original;
    }
  });
});
