// Sample frames: public test data of traccar/traccar, src/test/java/org/traccar/protocol/Gt06ProtocolDecoderTest.java
// (frames quoted as device test data; no code copied). Frames built here follow the public Concox protocol documents.
import { describe, expect, it } from "vitest";
import {
  decodeGt06Message,
  encodeGt06Frame,
  gt06Ack,
  gt06FrameLength,
  parseGt06Frame,
  type Gt06Message,
} from "../../server/protocols/gt06";
import { ProtocolError } from "../../server/shared/device-contract";

const decode = (hex: string, now?: Date): Gt06Message => {
  const raw = Buffer.from(hex, "hex");
  expect(gt06FrameLength(raw)).toBe(raw.length);
  return decodeGt06Message(parseGt06Frame(raw), "864717003283581", now);
};
const position = (m: Gt06Message) => {
  if (m.kind !== "position") throw new Error(`expected a position, got ${m.kind} ${JSON.stringify(m)}`);
  return m.position;
};
const status = (m: Gt06Message) => {
  if (m.kind !== "status") throw new Error(`expected a status, got ${m.kind}`);
  return m.status;
};

/** GPS block: time, satellites, lat/lon in 1/1,800,000°, speed, course word (valid, N, E). */
function gps(time: Date, lat: number, lon: number, speed: number, course: number): Buffer {
  const b = Buffer.alloc(18);
  b.set([
    time.getUTCFullYear() - 2000,
    time.getUTCMonth() + 1,
    time.getUTCDate(),
    time.getUTCHours(),
    time.getUTCMinutes(),
    time.getUTCSeconds(),
  ]);
  b[6] = 0xc9;
  b.writeUInt32BE(Math.round(Math.abs(lat) * 1_800_000), 7);
  b.writeUInt32BE(Math.round(Math.abs(lon) * 1_800_000), 11);
  b[15] = speed;
  b.writeUInt16BE(0x1000 | (lat >= 0 ? 0x0400 : 0) | (lon < 0 ? 0x0800 : 0) | course, 16);
  return b;
}

describe("GT06 later protocol numbers: positions", () => {
  it("0x22 GT06N layout with ACC, upload mode and re-upload flag", () => {
    const p = position(decode("787822220f0c1d023305c9027ac8180c46586000140001cc00287d001f71000001000820860d0a"));
    expect(p.fixTime.toISOString()).toBe("2015-12-29T02:51:05.000Z");
    expect(p.latitude).toBeCloseTo(23.11169, 4);
    expect(p.longitude).toBeCloseTo(114.4093, 4);
    expect(p.attributes).toMatchObject({ mcc: 460, mnc: 0, lac: 10365, cellId: 8049, archive: true });
  });

  it("0x12 long layout (extra status bytes) and 0x11 with a 2-byte MNC and 4-byte cell id", () => {
    expect(
      position(
        decode("78782b1215050d03041bcf031ff30a0be795bc001c17014e14a065dd95314504b6040000001c00000cd90ab8fb6f0d0a"),
      ).latitude,
    ).toBeCloseTo(29.12527, 4);
    const p = position(decode("78782111150b0b022c30c804b7af7808810cb0003c00012e02d075df0084890c000679950d0a"));
    expect(p.longitude).toBeCloseTo(-79.26396, 4);
    expect(p.attributes).toMatchObject({ mcc: 302, mnc: 720, lac: 30175, cellId: 8685836 });
  });

  it("0x37 with its trailing module, 0x1E with neighbour cells, 0x10 GPS only", () => {
    const p = position(
      decode(
        "7878353714080d05000ac500a886eb0b7522f000100001fe0a05ea004f1b000001002e0400002328003b0217c0003c0401020001002c468a0d0a",
      ),
    );
    expect([p.fixTime.toISOString(), p.latitude.toFixed(5), p.longitude.toFixed(5)]).toEqual([
      "2020-08-13T05:00:10.000Z",
      "-6.13588",
      "106.79224",
    ]);
    expect(p.odometer).toBe(9000);
    const e = position(
      decode(
        "7878471e0e03110b0511c501c664fd074db73f0218a602e003433a002fed40433a0056e14e433a0056104e433a0056fd53433a002eed55433a007e4b57433a002ee25aff00020120f6720d0a",
      ),
    );
    expect([e.latitude.toFixed(4), e.longitude.toFixed(4), e.attributes.mcc]).toEqual(["-16.5440", "-68.0743", 736]);
    expect(position(decode("787819100B031A0B1B31CC027AC7FD0C4657BF0115210001001CC6070D0A")).speed).toBe(1);
  });

  it("alarms 0x16 / 0x26 / 0x27 / 0xA4 carry the alarm and the status block", () => {
    const a16 = position(
      decode("7878251610051b0f1c34c5022515d504b5dcd20738080902d4022bdf009cba5006640201006759680d0a"),
    );
    expect(a16.latitude).toBeLessThan(0);
    const a26 = position(
      decode("7878252612030C063816C3026C10540C38C9700144030901CC002866000EEE0C06040302000DA2DB0D0A"),
    );
    expect(a26.alarm).toBe("vibration");
    const a27 = position(
      decode("78782727110c0b0e170f850450059107f461ae001c7e0a81360104cb8a00bef32806030c02ff000316b10d0a"),
    );
    expect(a27.attributes).toMatchObject({ mcc: 310, mnc: 260 });
    const a4 = position(
      decode("78782EA4110C0C02281BF6026C18720C38D22800149C1181CC00010000260E000000000615F8012C05041102FF001058FD0D0A"),
    );
    expect(a4.alarm).toBe("powerCut");
    expect(a4.attributes).toMatchObject({ mcc: 460, mnc: 1, lac: 9742, cellId: 102103041 });
  });

  it("0x34 (X3) with odometer, voltages and ADCs", () => {
    const p = position(
      decode(
        "78783c3400000000130a1906011105029b4d450b1828d5001c00000000009e7d014e140fc000004e990000000004c301a442210000020101c001c0000591aa0d0a".replace(
          /0d0a$/,
          "",
        ) + "0d0a",
      ),
    );
    expect(p.attributes.adc1).toBe(4.48);
  });

  it("0x70 modular report with a GPS module; answered with a short 0x70 frame", () => {
    const m = decode(
      "797900a87000000001020035000100003300125d62bf3a0800e804b5994308814a87001d5d00340006115d62bf29000011000a012e02620000000000000001000803537601000129800002000803102608593397620003000a8901260852293397626600180002017d002b000116002c00045d6278ea0009000108000a00010b002800010b002e00040000f0c1002a00010000290004000000be0030000a000100b4000a00b402d00006c5490d0a",
    );
    const p = position(m);
    expect([p.fixTime.toISOString(), p.latitude.toFixed(5), p.longitude.toFixed(5)]).toEqual([
      "2019-08-25T17:02:50.000Z",
      "43.89451",
      "-79.27275",
    ]);
    expect(p.attributes.iccid).toBe("89012608522933976266");
    if (m.kind !== "position") return;
    expect(m.ack).toBeUndefined(); // the standard 0x7878 reply
    expect(gt06Ack(m.frame)[3]).toBe(0x70);
  });

  it("0xA0 (4G): GPS with a 4-byte LAC and 8-byte cell id", () => {
    const lbs = Buffer.from("01fe0a0000ea6000000000010f2a1b", "hex"); // MCC 510, MNC 10, LAC 60000, cell 17771035
    const tail = Buffer.from([1, 0, 0]);
    const frame = encodeGt06Frame(
      0xa0,
      7,
      Buffer.concat([gps(new Date("2024-05-06T07:08:09Z"), 52.5, -1.25, 44, 270), lbs, tail]),
    );
    const p = position(decode(frame.toString("hex")));
    expect([p.fixTime.toISOString(), p.latitude, p.longitude, p.speed, p.course, p.ignition]).toEqual([
      "2024-05-06T07:08:09.000Z",
      52.5,
      -1.25,
      44,
      270,
      true,
    ]);
    expect(p.attributes).toMatchObject({ mcc: 510, mnc: 10, lac: 60000, cellId: 17771035 });
  });

  it("0x21 long string reply 'Current position!' is a position", () => {
    const p = position(
      decode(
        "7979007121000000000143757272656e7420706f736974696f6e214c61743a4e35342e3733393333322c4c6f6e3a4532352e3237333237302c436f757273653a3132362e35332c53706565643a302e303030302c4461746554696d653a323031372d30352d3236202031303a32373a3437000bbee30d0a",
      ),
    );
    expect([p.latitude, p.longitude, p.fixTime.toISOString()]).toEqual([
      54.739332,
      25.27327,
      "2017-05-26T10:27:47.000Z",
    ]);
  });

  it("0x95 dashcam alarm with coordinates", () => {
    const body = Buffer.from("140a060e2208055D4A800209D9C014c591", "hex");
    const p = position(decode(encodeGt06Frame(0x95, 1, body).toString("hex")));
    expect(p.alarm).toBe("harshBraking");
    expect(p.fixTime.toISOString()).toBe("2020-10-06T14:34:08.000Z");
  });
});

describe("GT06 reports without coordinates are device status", () => {
  it("cell-only 0x28 / 4G 0xA1 and cell + Wi-Fi 0x2C / 0xA2 keep the serving cell and counts", () => {
    expect(
      status(
        decode(
          "78783B2810010D02020201CC00287D001F713E287D001F7231287D001E232D287D001F4018000000000000000000000000000000000000FF00020005B14B0D0A",
        ),
      ).attributes,
    ).toMatchObject({ mcc: 460, lac: 10365, cellId: 8049, cells: 4 });
    expect(
      status(
        decode(
          "78786CA1110B0413093801CC01000025FC000000000618C10201000025FC000000000618C10201000025FC000000000618C10201000025FC000000000618C10201000025FC000000000618C10201000025FC000000000618C10201000025FC000000000618C10201FF0002000541D70D0A",
        ),
      ).attributes,
    ).toMatchObject({ mcc: 460, mnc: 1, lac: 9724, cells: 7 });
    expect(
      status(
        decode(
          "7878412c11030b011c1f013604cb8a00b17754cb8a00bef357cb8a00b73f5fcb8900b0e25fcb8900b6655fcb8a00b74960cb8a00b178620701001801eb40393800bbbde10d0a",
        ),
      ).attributes,
    ).toMatchObject({ wifi: 1, cells: 7 });
    expect(
      status(
        decode(
          "78787aa2110c0e06372c813601040000591200000000009d7c01040000591200000000009d7c01040000591200000000009d7c01040000591200000000009d7c01040000591200000000009d7c01040000591200000000009d7c01040000591200000000009d7c0104ff02001801eb4039d10000000000000004fabeb50d0a",
        ),
      ).attributes,
    ).toMatchObject({ mcc: 310, mnc: 260, wifi: 2 });
  });

  it("0x69 / 0x17 Wi-Fi reports (no CRC, the length byte counts access points) are framed and answered with their time", () => {
    const hex =
      "787803691604130318491475905BD30E25001E10BBF7635D14759006E626560501CC0028660F213228660F1F2828660EA81E286610731428660F20140D0A";
    const m = decode(hex);
    expect(status(m).attributes).toMatchObject({ wifi: 3, cells: 5, mcc: 460 });
    if (m.kind !== "status") return;
    expect(m.ack?.toString("hex")).toBe("78780069160413031849" + "0d0a");
    // Two coalesced reports split correctly.
    const two = Buffer.from(hex + "787800171710231108290200cc080c4e2fa5640c4e2fa5640d0a", "hex");
    expect(gt06FrameLength(two)).toBe(hex.length / 2);
  });

  it("GPS reports without a fix (0/0, invalid) are kept as status, not as a position at 0/0", () => {
    expect(decode("78782322110c070f1b0270000000000000000000040081360104cb8a00bef3000000000523030d0a").kind).toBe(
      "status",
    );
  });

  it("0x94 information (ICCID, external voltage, RFID) expects no reply; 0x9B serial probe", () => {
    const iccid = decode("79790020940a035985708236675805200502187214018966051912408052452f000355560d0a");
    expect(iccid).toMatchObject({ kind: "status", ack: null });
    expect(status(iccid).attributes.iccid).toBe("8966051912408052452");
    expect(status(decode("7979000e941b02084277efef350303eadaed0d0a")).attributes.driverUniqueId).toBe("4277efef");
    expect(status(decode("7979000E9B0332382E33A1E60D0A0289BE490D0A")).attributes.temp1).toBe(28.3);
    expect(status(decode("797900149b03023539303042343843454238410300139ba40d0a")).attributes.driverUniqueId).toBe(
      "5900B48CEB",
    );
  });

  it("0x13 long heartbeat, 0x23 GK310 heartbeat, 0x36 Jimi 4G status, 0x19 cell + status", () => {
    expect(status(decode("7878151330802b00000642014f0008720000802b5ee4d4c90d0a")).attributes.batteryLevel).toBe(6);
    expect(status(decode("78780B23C00122040001000818720D0A")).attributes).toMatchObject({ battery: 2.9, rssi: 4 });
    const s36 = status(
      decode(
        encodeGt06Frame(0x36, 3, Buffer.from("46050402" + "01" + "006a0155" + "001802019a", "hex")).toString("hex"),
      ),
    );
    expect(s36).toMatchObject({ ignition: true, attributes: { batteryLevel: 85, battery: 4.1, rssi: 4 } });
    expect(status(decode("78781219028f0a29e10036f12003040102000875dc0d0a")).attributes).toMatchObject({
      mcc: 655,
      mnc: 10,
    });
  });

  it("0x8A time request is answered with the server's UTC time", () => {
    const m = decode("7878058A000688290D0A", new Date("2024-02-03T04:05:06Z"));
    if (m.kind !== "status") throw new Error(m.kind);
    expect(m.ack?.subarray(3, 10).toString("hex")).toBe("8a180203040506");
  });
});

describe("GT06 robustness", () => {
  it("a CRC-valid frame of an unknown layout is ignored with a reason instead of closing the connection", () => {
    const m = decode(encodeGt06Frame(0x22, 9, Buffer.alloc(20, 0xff)).toString("hex"));
    expect(m.kind === "ignored" || m.kind === "position").toBe(true);
    const truncated = decode(encodeGt06Frame(0x34, 9, Buffer.alloc(22, 0x01)).toString("hex"));
    expect(truncated).toMatchObject({ kind: "ignored", reason: expect.stringContaining("0x34 layout") });
  });

  it("bad CRC, oversized and truncated long frames are refused", () => {
    const bad = Buffer.from("797900143311070609020b00000000a0030046000109e4610d0a", "hex");
    bad[8] ^= 1;
    expect(() => parseGt06Frame(bad)).toThrow(ProtocolError);
    expect(() => gt06FrameLength(Buffer.from("7979ffff70", "hex"))).toThrow(ProtocolError);
    expect(gt06FrameLength(Buffer.from("797900a87000", "hex"))).toBe(0);
  });
});
