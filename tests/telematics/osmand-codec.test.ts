import { describe, expect, it } from "vitest";
import { decodeOsmAnd, parseOsmAndTimestamp } from "../../server/protocols/osmand";

const get = (query: string) => decodeOsmAnd({ method: "GET", url: `/?${query}` }, new Date("2025-01-01T00:00:00Z"));

function one(result: ReturnType<typeof decodeOsmAnd>) {
  if (!result.ok) throw new Error(result.message);
  expect(result.positions).toHaveLength(1);
  return result.positions[0];
}

describe("OsmAnd decoder", () => {
  it.each([
    ["1377177267", "2013-08-22T13:14:27.000Z"],
    ["1442068686579", "2015-09-12T14:38:06.579Z"],
    ["2016-01-27T18:55:47Z", "2016-01-27T18:55:47.000Z"],
    ["2014-06-04 09:10:11", "2014-06-04T09:10:11.000Z"],
  ])("parses timestamp %s", (input, iso) => {
    expect(parseOsmAndTimestamp(input).toISOString()).toBe(iso);
  });

  it("decodes a GET query: knots to km/h, bearing, battery, ignition, extra attributes", () => {
    const p = one(
      get(
        "id=123&lat=60.5&lon=30.25&timestamp=1377177267&speed=10&bearing=45&altitude=12&accuracy=4&batt=87&ignition=true&fuel=24",
      ),
    );
    expect(p).toMatchObject({
      deviceId: "123",
      latitude: 60.5,
      longitude: 30.25,
      course: 45,
      altitude: 12,
      ignition: true,
      valid: true,
    });
    expect(p.speed).toBeCloseTo(18.52, 6);
    expect(p.attributes).toMatchObject({ batteryLevel: 87, accuracy: 4, fuel: 24 });
  });

  it("maps known alarm names and keeps unknown ones as an attribute", () => {
    expect(one(get("id=1&lat=1&lon=2&alarm=sos")).alarm).toBe("sos");
    const p = one(get("id=1&lat=1&lon=2&alarm=hijack"));
    expect(p.alarm).toBeUndefined();
    expect(p.attributes.alarm).toBe("hijack");
  });

  it("accepts deviceid, heading and location=lat,lon", () => {
    const p = one(get("deviceid=abc&location=-6.5,106.25&heading=270"));
    expect(p).toMatchObject({ deviceId: "abc", latitude: -6.5, longitude: 106.25, course: 270 });
    expect(p.fixTime.toISOString()).toBe("2025-01-01T00:00:00.000Z");
  });

  it("merges a POST form body", () => {
    const p = one(
      decodeOsmAnd({
        method: "POST",
        url: "/",
        contentType: "application/x-www-form-urlencoded",
        body: "id=9&lat=1.5&lon=2.5&timestamp=1377177267",
      }),
    );
    expect(p).toMatchObject({ deviceId: "9", latitude: 1.5, longitude: 2.5 });
  });

  it("decodes the Traccar Client JSON body: m/s to km/h, battery fraction, motion, odometer", () => {
    const body = JSON.stringify({
      device_id: "dev-1",
      location: {
        timestamp: "2021-07-21T08:06:34.444Z",
        coords: { latitude: -6.1148096, longitude: 106.6837015, speed: 10, heading: 63, altitude: 35.7, accuracy: 3.8 },
        is_moving: true,
        odometer: 1234.5,
        battery: { level: 0.79, is_charging: true },
        activity: { type: "in_vehicle" },
      },
    });
    const p = one(decodeOsmAnd({ method: "POST", url: "/", contentType: "application/json", body }));
    expect(p).toMatchObject({ deviceId: "dev-1", course: 63, altitude: 35.7, motion: true, odometer: 1234.5 });
    expect(p.speed).toBeCloseTo(36, 6);
    expect(p.attributes).toMatchObject({ batteryLevel: 79, charge: true, activity: "in_vehicle", accuracy: 3.8 });
  });

  it("treats negative JSON speed and heading as unknown", () => {
    const body = JSON.stringify({
      device_id: "d",
      location: {
        timestamp: "2025-05-09T04:11:30.579Z",
        coords: { latitude: 1, longitude: 2, speed: -1, heading: -1 },
      },
    });
    expect(one(decodeOsmAnd({ method: "POST", url: "/", body }))).toMatchObject({ speed: 0, course: 0 });
  });

  it.each([
    ["lat=1&lon=2", /device identifier/],
    ["id=1&lat=1", /missing lat\/lon/],
    ["id=1&lat=x&lon=2", /lat is not a number/],
    ["id=1&lat=1&lon=2&timestamp=yesterday", /timestamp/],
  ])("rejects %s", (query, message) => {
    const result = get(query);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });

  it("rejects JSON without device_id or coordinates", () => {
    const noId = decodeOsmAnd({ method: "POST", url: "/", body: '{"location":{}}' });
    expect(noId).toMatchObject({ ok: false, message: expect.stringMatching(/device_id/) });
    const noCoords = decodeOsmAnd({
      method: "POST",
      url: "/",
      body: '{"device_id":"1","location":{"timestamp":"2025-01-01T00:00:00Z","coords":{}}}',
    });
    expect(noCoords).toMatchObject({ ok: false, message: expect.stringMatching(/latitude/) });
  });
});
