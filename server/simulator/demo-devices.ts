import { JT808 } from "../protocols/jt808";
import type { ProtocolName } from "../shared/protocols";
import { Jt808Client, QueclinkClient, sendOsmAnd, TeltonikaClient } from "../telematics/simulator";
import type { DemoCamera } from "./demo-camera";
import type { SimFix } from "./vehicle-sim";

/** The protocols the demo fleet is driven over (their vehicles also get the demo history, in this order). */
export const SIMULATED_PROTOCOLS = [
  "teltonika",
  "osmand",
  "jt808",
  "queclink",
] as const satisfies readonly ProtocolName[];
export type SimulatedProtocol = (typeof SIMULATED_PROTOCOLS)[number];

export interface DemoPorts {
  teltonika?: number;
  osmand?: number;
  jt808?: number;
  queclink?: number;
  camera?: number;
}

/** One simulated tracker: sends a fix over its protocol, answering an immobilisation command waiting for it. */
export interface DemoDevice {
  send(fix: SimFix, here: { lat: number; lon: number }): Promise<void>;
  close(): void;
}

/** null when the protocol's gateway is off. A send that throws makes the caller reconnect (a new device). */
export function demoDevice(
  protocol: SimulatedProtocol,
  imei: string,
  ports: DemoPorts,
  camera: DemoCamera | null,
): DemoDevice | null {
  const port = ports[protocol];
  if (!port) return null;
  switch (protocol) {
    case "osmand":
      return {
        async send(fix) {
          await sendOsmAnd(`http://127.0.0.1:${port}/`, { deviceId: imei, ...fix });
        },
        close() {},
      };
    case "teltonika":
      return teltonika(imei, port, camera);
    case "jt808":
      return jt808(imei, port);
    case "queclink":
      return queclink(imei, port);
  }
}

function teltonika(imei: string, port: number, camera: DemoCamera | null): DemoDevice {
  let client: TeltonikaClient | null = null;
  return {
    async send(fix, here) {
      if (!client) {
        client = await TeltonikaClient.connect(port);
        if (!(await client.handshake(imei))) throw new Error("refused");
        camera?.periodic(here, 20_000 + Math.random() * 20_000);
      }
      // An immobilisation command may be waiting: answer it like a device with DOUT1 on the relay.
      if (client.pendingBytes >= 8) {
        const text = await client.receiveCommand(1000);
        await client.respondToCommand(
          camera?.handleCommand(text, here) ?? `DOUT1:${text.endsWith("1") ? 1 : 0} DOUT2:0`,
        );
      }
      await client.sendRecords([
        { ...fix, satellites: 9, altitude: 110, odometer: fix.odometerM, motion: fix.speed > 0, power: 12.6 },
      ]);
    },
    close: () => client?.close(),
  };
}

function jt808(terminalId: string, port: number): DemoDevice {
  let client: Jt808Client | null = null;
  return {
    async send(fix) {
      if (!client) {
        client = await Jt808Client.connect(port);
        if ((await client.login(terminalId)) !== 0) throw new Error("refused");
      }
      if (client.pendingBytes > 0) {
        const command = await client.readFrame(1000);
        if (command.header.messageId === JT808.TERMINAL_CONTROL || command.header.messageId === JT808.TEXT) {
          await client.answerCommand(command);
        }
      }
      await client.sendPosition({ ...fix, altitude: 110, satellites: 9, odometer: fix.odometerM });
    },
    close: () => client?.close(),
  };
}

function queclink(imei: string, port: number): DemoDevice {
  let client: QueclinkClient | null = null;
  return {
    async send(fix) {
      if (!client) {
        client = await QueclinkClient.connect(port);
        client.imei = imei;
      }
      if (client.pendingBytes > 0) await client.answerCommand(await client.readMessage(1000));
      const report = fix.ignition ? "GTFRI" : "GTIGF";
      await client.sendPosition({ ...fix, altitude: 110 }, { report });
    },
    close: () => client?.close(),
  };
}
