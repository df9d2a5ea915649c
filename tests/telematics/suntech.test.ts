import { describe, expect, it } from "vitest";
import { ProtocolError } from "../../server/shared/device-contract";
import { decodeSuntechFrame, encodeSuntechCommand, suntechFrameLength } from "../../server/protocols/suntech";
import { waitFor } from "../support/wait";
import { protocolContract, protocolGateway, type ProtocolCase } from "./protocol-contract";

// Reports from ST200/ST300/ST600 and universal-protocol devices as published in Traccar's SuntechProtocolDecoderTest.
const line = (s: string) => Buffer.from(`${s}\r`, "latin1");
const SA200_STT =
  "SA200STT;317652;042;20120718;15:37:12;16d41;-15.618755;-056.083241;000.024;000.00;8;1;41548;12.17;100000;2;1979";
const SA200_EMG =
  "SA200EMG;317652;042;20120718;15:35:41;16d41;-15.618740;-056.083252;000.034;000.00;8;1;41548;12.17;110000;1";
const SA200_ALT =
  "SA200ALT;317652;042;20120829;14:25:58;16d41;-15.618770;-056.083242;000.029;000.00;0;0;2404240;0.00;000000;10";
const ST300_ALT =
  "ST300ALT;007239104;40;313;20190112;01:07:16;c99139;+04.703287;-074.148897;000.000;189.72;21;1;425512;12.61;100000;41;003188;4.1;1";
const ST300_EVT =
  "ST300EVT;205173382;07;564;20160322;23:23:18;232e19;+19.288278;-099.128750;000.122;000.00;9;1;478391;11.53;000100;2;1;9498;079324;4.3;1";
const ST600_STT =
  "ST600STT;008084783;20;419;20180308;18:00:36;0032cc3e;736;3;445c;41;-16.530023;-068.084267;018.640;267.99;10;1;11655;13.33;100000;2;0336;000061;4.5;0;0.00";
const UNI_STT =
  "STT;100850000;3FFFFF;26;010;1;20161117;08:37:39;0000004F;450;0;0014;20;+37.479323;+126.887827;62.03;65.43;10;1;00000101;00001000;1;2;0492";
const UNI_ALT =
  "ALT;0520000295;3FFFFF;52;1.0.2;0;20190703;01:03:24;00004697;732;101;0002;59;+4.682583;-74.128142;0.00;0.00;6;1;00000000;00000000;9;1;;4.1;12.92;103188";

describe("Suntech codec", () => {
  it("decodes the older SA200 status report", () => {
    const m = decodeSuntechFrame(line(SA200_STT));
    expect(m).toMatchObject({ kind: "position", deviceId: "317652", dialect: "SA200" });
    if (m.kind !== "position") return;
    expect(m.position).toMatchObject({
      fixTime: new Date("2012-07-18T15:37:12Z"),
      latitude: -15.618755,
      longitude: -56.083241,
      speed: 0.024,
      satellites: 8,
      valid: true,
      odometer: 41548,
      power: 12.17,
      ignition: true,
      attributes: { mode: 2, index: 1979 },
    });
  });

  it("maps emergency and alert ids to alarms", () => {
    const emg = decodeSuntechFrame(line(SA200_EMG));
    if (emg.kind !== "position") throw new Error(emg.kind);
    expect(emg.position).toMatchObject({ alarm: "sos", attributes: { emergencyId: 1, in1: true } });
    const alt = decodeSuntechFrame(line(ST300_ALT));
    if (alt.kind !== "position") throw new Error(alt.kind);
    expect(alt.position).toMatchObject({
      alarm: "powerCut",
      course: 189.72,
      attributes: { alertId: 41, hourMeter: 3188, battery: 4.1 },
    });
    const alt10 = decodeSuntechFrame(line(SA200_ALT));
    if (alt10.kind !== "position") throw new Error(alt10.kind);
    expect(alt10.position.alarm).toBeUndefined();
    expect(alt10.position.valid).toBe(false);
    const evt = decodeSuntechFrame(line(ST300_EVT));
    if (evt.kind !== "position") throw new Error(evt.kind);
    expect(evt.position.attributes).toMatchObject({ eventId: 2, in3: true });
  });

  it("decodes ST600 reports with their cell fields", () => {
    const m = decodeSuntechFrame(line(ST600_STT));
    if (m.kind !== "position") throw new Error(m.kind);
    expect(m.dialect).toBe("ST600");
    expect(m.position).toMatchObject({
      latitude: -16.530023,
      longitude: -68.084267,
      speed: 18.64,
      course: 267.99,
      attributes: { mcc: 736, mnc: 3, lac: 0x445c, rssi: 41, archive: true },
    });
  });

  it("decodes universal reports through their header mask", () => {
    const stt = decodeSuntechFrame(line(UNI_STT));
    expect(stt).toMatchObject({ kind: "position", dialect: "", deviceId: "100850000" });
    if (stt.kind !== "position") return;
    expect(stt.position).toMatchObject({
      fixTime: new Date("2016-11-17T08:37:39Z"),
      latitude: 37.479323,
      longitude: 126.887827,
      speed: 62.03,
      course: 65.43,
      satellites: 10,
      valid: true,
      ignition: true,
      attributes: { model: "26", mode: 1, reportType: 2, index: 492 },
    });
    const alt = decodeSuntechFrame(line(UNI_ALT));
    if (alt.kind !== "position") throw new Error(alt.kind);
    expect(alt.position).toMatchObject({ ignition: false, attributes: { alertId: 9, archive: true } });
  });

  it("recognises keep-alives and command replies in both forms", () => {
    expect(decodeSuntechFrame(line("SA200ALV;317652"))).toMatchObject({ kind: "heartbeat", deviceId: "317652" });
    expect(decodeSuntechFrame(line("ALV;0560001616"))).toMatchObject({ kind: "heartbeat", dialect: "" });
    expect(decodeSuntechFrame(line("ST300CMD;Res;100850000;010;Enable1"))).toMatchObject({
      kind: "commandResponse",
      deviceId: "100850000",
    });
    expect(decodeSuntechFrame(line("RES;0560001616;04;01"))).toMatchObject({ kind: "commandResponse" });
  });

  it("encodes output 1 commands in the device's dialect", () => {
    expect(encodeSuntechCommand("100850000", "ST300", { type: "engineStop" }).toString()).toBe(
      "ST300CMD;100850000;02;Enable1",
    );
    expect(encodeSuntechCommand("317652", "SA200", { type: "engineResume" }).toString()).toBe(
      "SA200CMD;317652;02;Disable1",
    );
    expect(encodeSuntechCommand("0560001616", "", { type: "engineStop" }).toString()).toBe("CMD;0560001616;04;01");
    expect(encodeSuntechCommand("0560001616", "", { type: "engineResume" }).toString()).toBe("CMD;0560001616;04;02");
  });

  it("refuses garbage, oversized and broken reports", () => {
    expect(() => suntechFrameLength(Buffer.from("\x00\x01binary"))).toThrow(ProtocolError);
    expect(() => suntechFrameLength(Buffer.from(`SA200STT;${"1".repeat(3000)}`), 2048)).toThrow(/longer/);
    expect(suntechFrameLength(Buffer.from(SA200_STT))).toBe(0); // no \r yet
    expect(suntechFrameLength(line(SA200_STT))).toBe(SA200_STT.length + 1);
    expect(() => decodeSuntechFrame(line(SA200_STT.replace("20120718", "2012071")))).toThrow(ProtocolError);
    expect(() => decodeSuntechFrame(line(SA200_STT.split(";").slice(0, 8).join(";")))).toThrow(ProtocolError);
    expect(() => decodeSuntechFrame(line("SA200STT"))).toThrow(ProtocolError);
  });
});

const ID = "100850000";
const stamp = (t: Date) => {
  const iso = t.toISOString();
  return `${iso.slice(0, 10).replace(/-/g, "")};${iso.slice(11, 19)}`;
};
const report = (t: Date) =>
  line(
    `ST300STT;${ID};04;1097;${stamp(t)};33e3e;+41.327546;+019.818698;054.000;181.00;10;1;123456;12.60;100000;1;0072`,
  );
const c: ProtocolCase = {
  protocol: "suntech",
  deviceId: ID,
  hello: [],
  helloAckLength: 0,
  position: report,
  ack: () => null, // Suntech over TCP has no server acknowledgement
  badChecksum: line(`ST300STT;${ID};04;1097;20240501;10:00:00;33e3e;north;east;0;0;0;0;0;0;000000;1;1`),
  oversized: Buffer.from(`ST300STT;${ID};${"9".repeat(3000)}`),
  unknown: line(SA200_STT),
  maxFrameBytes: 2048,
};

describe("Suntech TCP gateway", () => {
  protocolContract(c);
  const { start } = protocolGateway(c);

  it("passes keep-alives on as device status", async () => {
    const { client, statuses } = await start();
    await client.write(line(`ST300ALV;${ID}`));
    await waitFor(() => statuses.length === 1);
    expect(statuses[0].attributes).toEqual({ keepAlive: true });
  });

  it("sends engine stop in the dialect the device reports in and returns its reply", async () => {
    const { client, gateway, stored } = await start();
    await client.write(report(new Date("2024-05-01T10:00:00Z")));
    await waitFor(() => stored.length === 1);
    const stop = gateway.sendCommand(ID, { type: "engineStop" });
    const text = `ST300CMD;${ID};02;Enable1`;
    expect((await client.read(text.length)).toString()).toBe(text);
    await client.write(line(`ST300CMD;Res;${ID};1097;Enable1`));
    expect(await stop).toEqual({ ok: true, response: `ST300CMD;Res;${ID};1097;Enable1` });
  });
});
