// Sample frames: public test data of traccar/traccar, src/test/java/org/traccar/protocol/H02ProtocolDecoderTest.java
// (frames quoted as device test data; no code copied).
import { describe, expect, it } from "vitest";
import { decodeH02Frame, h02Coordinate, h02FrameLength, type H02Message } from "../../server/protocols/h02";
import { RawDeviceClient as RawClient } from "../../server/telematics/simulator/raw-device-client";
import { ProtocolError, type DevicePosition, type DeviceStatus } from "../../server/shared/device-contract";
import { gatewayHarness, localGatewayOptions } from "./gateway-harness";
import { captureLogger } from "./helpers";
import { waitFor } from "../support/wait";

const text = (s: string, now?: Date) => decodeH02Frame(Buffer.from(s, "latin1"), now);
const bin = (hex: string) => {
  const frame = Buffer.from(hex, "hex");
  expect(h02FrameLength(frame)).toBe(frame.length);
  return decodeH02Frame(frame);
};
const pos = (m: H02Message) => {
  const p = m.kind === "position" ? m.position : m.kind === "commandResponse" ? m.position : undefined;
  if (!p) throw new Error(`no position in ${JSON.stringify(m)}`);
  return p;
};

describe("H02 V1 coordinate forms", () => {
  it.each([
    ["2828.2297", "N", 2, 28.470495],
    ["954.9490", "E", 3, 9.915817],
    ["701.8915", "S", 2, -7.031525],
    ["38.6508", "W", 3, -0.64418],
    ["5238.26259", "N", 2, 52.63771],
    ["-23-29.0095", "S", 2, -23.483492],
    ["-48-2.8926", "W", 3, -48.04821],
    ["22357865", "N", 2, 22.596442],
    ["113578650", "E", 3, 113.964417],
  ])("%s %s", (value, hemisphere, degreeDigits, expected) => {
    expect(h02Coordinate(value, hemisphere, degreeDigits)).toBeCloseTo(expected, 5);
  });

  it("refuses a hemisphere of 0 and out-of-range degrees", () => {
    expect(() => h02Coordinate("0.0000", "0", 2)).toThrow(ProtocolError);
    expect(() => h02Coordinate("9500.0000", "N", 2)).toThrow(ProtocolError);
  });

  it("V1 with the satellite count before the date, with empty validity, and with empty fields", () => {
    const p = pos(text("*HQ,4210209006,V1,054048,A,2828.2297,N,07733.4332,E,000.5,047,4,080918,EEE7FBDF,4261193,0#"));
    expect([p.fixTime.toISOString(), p.satellites, p.attributes.status]).toEqual([
      "2018-09-08T05:40:48.000Z",
      4,
      0xeee7fbdf,
    ]);
    const invalid = pos(text("*HQ,355488020119695,V1,050418,,2827.61232,N,07703.84822,E,0.00,0,031015,FFFEFBFF#"));
    expect([invalid.valid, invalid.latitude.toFixed(5), invalid.longitude.toFixed(5)]).toEqual([
      false,
      "28.46021",
      "77.06414",
    ]);
    expect(text("*HQ,353505510948929,V1,,V,,N,,E,0.00,0,,FFFFF7FF,f0,a,11a0,c0c6#").kind).toBe("ignored");
    expect(text("*HQ,353588020068342,V1,000000,V,0.0000,0,0.0000,0,0.00,0.00,000000,ffffffff#").kind).toBe("ignored");
  });
});

describe("H02 message types", () => {
  it("V19 (status word after IP and ICCID), V2, VI1, V8 are positions", () => {
    const v19 = pos(
      text(
        "*HQ,4209951296,V19,214452,A,5201.0178,N,01830.5029,E,000.00,000,200417,,195.63.13.195,89480610500392633029,BFFFFBFF#",
      ),
    );
    expect([v19.fixTime.toISOString(), v19.attributes.status]).toEqual(["2017-04-20T21:44:52.000Z", 0xbffffbff]);
    expect(
      pos(text("*HQ,353505221264507,V2,100220,0,5238.26259,N,00507.33983,E,0.25,0,280917,FFFFFFFF,cc,28,  db,d75b#"))
        .latitude,
    ).toBeCloseTo(52.63771, 5);
    expect(
      pos(text("*HQ,353505221264507,VI1,075146,0,5238.25900,N,00507.33429,E,0.54,0,250917,FFFFFFFF#")).longitude,
    ).toBeCloseTo(5.12224, 5);
  });

  it("VP1 (phones): a date without a time takes the receive time on the same day; VP1 without a fix is cell data", () => {
    const now = new Date("2017-09-08T10:00:00Z");
    const p = pos(text("*hq,356327080425330,VP1,A,2702.7245,S,15251.9311,E,0.48,0.0000,080917#", now));
    expect([p.fixTime.toISOString(), p.latitude.toFixed(5), p.longitude.toFixed(5)]).toEqual([
      now.toISOString(),
      "-27.04541",
      "152.86552",
    ]);
    expect(text("*hq,356327081001239,VP1,V,470,002,92,3565,0Y92,19433,30Y92,1340,29#")).toMatchObject({
      kind: "heartbeat",
      attributes: { mcc: 470, mnc: 2 },
    });
  });

  it("V4 command answers carry the answer and the current position", () => {
    const m = text("*TH,2020916012,V4,S20,DONE,130305,050316,A,2212.8745,N,11346.6574,E,14.28,028,220902,F7FFFBFF#");
    expect(m).toMatchObject({ kind: "commandResponse", text: expect.stringContaining("V4,S20,DONE") });
    expect(pos(m).fixTime.toISOString()).toBe("2002-09-22T05:03:16.000Z");
  });

  it("NBR, LINK, V3, HTBT and XT are device status", () => {
    expect(text("*HQ,4208150188,NBR,210249,260,6,0,7,1014,50675,37,1014,50633,27,281216,FFFFFBFF,2#")).toMatchObject({
      kind: "heartbeat",
      attributes: { mcc: 260, mnc: 6, cells: 7, lac: 1014, cellId: 50675 },
    });
    expect(text("*HQ,1600068860,LINK,112137,20,8,67,0,0,081116,FFFFFBFF#")).toMatchObject({
      kind: "heartbeat",
      attributes: { rssi: 20, satellites: 8, batteryLevel: 67 },
    });
    expect(text("*HQ,353111080001055,V3,044855,28403,01,001450,011473,158,-62,0292,0,X,030817,FFFFFBFF#").kind).toBe(
      "heartbeat",
    );
    expect(text("*HQ,135790246811220,HTBT,100#")).toMatchObject({
      kind: "heartbeat",
      attributes: { batteryLevel: 100 },
    });
    expect(text("*HQ,356327080425330,XT,1,100#").kind).toBe("heartbeat");
    expect(text("*HQ,4109198974,#").kind).toBe("ignored");
  });
});

describe("H02 binary reports", () => {
  it("short (32), IMEI id (42), long (45), 46 and 48-byte forms", () => {
    expect(pos(bin("2441060116601245431311165035313006004318210e000000fffffbffff0024")).fixTime.toISOString()).toBe(
      "2016-11-13T12:45:43.000Z",
    );
    const imei = bin("2435248308419329301047591808172627335900074412294E024138FEFFFFFFFF01120064BA73005ECC");
    expect(imei.deviceId).toBe("352483084193293");
    expect(pos(imei).course).toBe(138);
    const long = pos(bin("24410600082621532131081504419390060740418306000000fffffbfdff0015060000002c02dc0c000000001f"));
    expect([long.fixTime.toISOString(), long.latitude.toFixed(5), long.longitude.toFixed(5)]).toEqual([
      "2015-08-31T21:53:21.000Z",
      "4.69898",
      "-74.06972",
    ]);
    expect(
      pos(bin("2421305109380127171003170520046500100286297e003085ffffdfffff03440069129344006400001151415a20")).valid,
    ).toBe(true);
    expect(
      pos(
        bin("24971305007205201916101533335008000073206976000000effffbffff000252776566060000000000000000000049"),
      ).fixTime.toISOString(),
    ).toBe("2015-10-16T05:20:19.000Z");
  });

  it("coalesced binary and text reports split at the right place", () => {
    const a = "2441060116601245431311165035313006004318210e000000fffffbffff0024";
    const b = "24410600082621532131081504419390060740418306000000fffffbfdff0015060000002c02dc0c000000001f";
    const buf = Buffer.concat([Buffer.from(a + b, "hex"), Buffer.from("*HQ,4106000826,HTBT,50#", "latin1")]);
    expect(h02FrameLength(buf)).toBe(32);
    expect(h02FrameLength(buf.subarray(32))).toBe(45);
    expect(h02FrameLength(buf.subarray(77))).toBe(23);
    expect(h02FrameLength(Buffer.from(a.slice(0, 40), "hex"))).toBe(0);
  });

  it("a text frame whose # was dropped ends where the next one starts, or at the end of stream", () => {
    const buf = Buffer.from("*HQ,1,V1,010101,A,1.0,N,1.0,E,0,0,010120*HQ,1,HTBT#", "latin1");
    expect(h02FrameLength(buf)).toBe(buf.indexOf("*HQ,1,HTBT"));
    expect(h02FrameLength(Buffer.from("*HQ,1,HTBT", "latin1"))).toBe(0);
    expect(h02FrameLength(Buffer.from("*HQ,1,HTBT", "latin1"), 1024, true)).toBe(10);
  });
});

const harness = gatewayHarness<RawClient>();

describe("H02 gateway: status, answers and the end of stream", () => {
  it("keeps heartbeats as device status and stores the last report sent without its closing #", async () => {
    const stored: DevicePosition[] = [];
    const statuses: DeviceStatus[] = [];
    const options = localGatewayOptions("h02", captureLogger().logger);
    const gateway = await harness.start({
      ...options,
      isKnownDevice: async (id) => id === "4210051415",
      onPositions: async (_id, p) => void stored.push(...p),
      onDeviceStatus: async (_id, s) => void statuses.push(s),
    });
    const client = harness.track(await RawClient.connect(gateway.port));
    await client.write(
      Buffer.from(
        "*HQ,4210051415,LINK,112137,20,8,67,0,0,081116,FFFFFBFF#*HQ,,V1,164549,A,0956.3869,N,08406.7068,W,000.00,000,221215,FFFFFBFF#",
        "latin1",
      ),
    );
    await client.write(
      Buffer.from("*HQ,4210051415,V1,164550,A,0956.3869,N,08406.7068,W,000.00,000,221215,FFFFFBFF", "latin1"),
    );
    client.socket.end();
    await client.closed;
    await waitFor(() => stored.length === 2);
    expect(stored.map((p) => [p.deviceId, p.fixTime.toISOString()])).toEqual([
      ["4210051415", "2015-12-22T16:45:49.000Z"],
      ["4210051415", "2015-12-22T16:45:50.000Z"],
    ]);
    expect(statuses[0].attributes).toMatchObject({ rssi: 20, satellites: 8, batteryLevel: 67 });
  });
});
