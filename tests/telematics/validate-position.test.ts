import { describe, expect, it } from "vitest";
import { validatePosition, type DevicePosition } from "../../server/shared/device-contract";

const now = new Date("2025-06-01T12:00:00Z");
const good: DevicePosition = {
  deviceId: "356307042441013",
  protocol: "teltonika",
  fixTime: new Date("2025-06-01T11:59:00Z"),
  latitude: 54.68,
  longitude: 25.28,
  altitude: 120,
  speed: 50,
  course: 180,
  satellites: 9,
  valid: true,
  attributes: {},
};

describe("validatePosition", () => {
  it("accepts a plausible position", () => {
    expect(validatePosition(good, now)).toEqual({ ok: true });
  });

  it.each([
    ["latitude above 90", { latitude: 90.5 }, /latitude/],
    ["longitude below -180", { longitude: -181 }, /longitude/],
    ["NaN latitude", { latitude: Number.NaN }, /latitude/],
    ["0/0 without a fix", { latitude: 0, longitude: 0, valid: false }, /0\/0/],
    ["time 6 minutes ahead", { fixTime: new Date("2025-06-01T12:06:00Z") }, /future/],
    ["invalid date", { fixTime: new Date("nope") }, /fix time/],
    ["GPS week rollover date", { fixTime: new Date("1999-11-20T00:00:00Z") }, /before 2000/],
    ["negative speed", { speed: -3 }, /speed/],
    ["course above 360", { course: 400 }, /course/],
    ["missing device id", { deviceId: "" }, /device id/],
  ] as const)("rejects %s with a reason", (_name, patch, reason) => {
    const result = validatePosition({ ...good, ...patch } as DevicePosition, now);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });

  it("accepts 0/0 when the device flags the fix as valid, and a time 4 minutes ahead", () => {
    expect(validatePosition({ ...good, latitude: 0, longitude: 0, valid: true }, now).ok).toBe(true);
    expect(validatePosition({ ...good, fixTime: new Date("2025-06-01T12:04:00Z") }, now).ok).toBe(true);
  });
});
