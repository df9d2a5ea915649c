import { describe, expect, it } from "vitest";
import { encodeNear } from "../../server/shared/address-text";
import { alertEmail } from "../../templates/email/alert";

const mail = (language: "al" | "en", address: string | null) =>
  alertEmail({
    to: "a@example.com",
    language,
    type: "speeding",
    policyName: "Limit",
    vehicleName: "AA 123 BB",
    driverName: null,
    time: "2026-11-17 08:00",
    placeName: null,
    address,
    details: { speed: 97, limit: 90 },
    lat: 41.40121,
    lon: 19.77563,
    mapUrl: "http://x/replay",
    logUrl: "http://x/alerts/log",
  });

describe("alert e-mail address", () => {
  it("writes where it happened in the recipient's language, beside the coordinates", () => {
    const near = encodeNear({ name: "Kamëz", distanceM: 2100, bearing: 45 });
    const en = mail("en", near);
    const al = mail("al", near);
    expect(en.text).toContain("Address: near Kamëz, 2.1 km NE");
    expect(en.text).toContain("41.40121, 19.77563");
    expect(al.text).toContain("Adresa: pranë Kamëz, 2,1 km VL");
    expect(en.html).toContain("near Kamëz, 2.1 km NE");
    expect(mail("en", "Depoja Qendrore").text).toContain("Address: Depoja Qendrore");
    expect(mail("en", null).text).not.toContain("Address:");
  });
});
