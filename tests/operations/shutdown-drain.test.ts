import { createServer } from "node:http";
import net from "node:net";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { closeHttpGracefully } from "../../server/shared/close-http";
import { startTcpGateway } from "../../server/telematics/gateway/tcp-gateway";
import { TeltonikaClient } from "../../server/telematics/simulator";

const IMEI = "356307042441014";
const record = (i: number) => ({
  fixTime: new Date(Date.now() - 60_000 + i * 1000),
  latitude: 41.32,
  longitude: 19.81,
  speed: 10,
  satellites: 8,
  ignition: true,
});

describe("a gateway closing for shutdown", () => {
  it("stops accepting, acknowledges the packet being committed, then closes the device's connection", async () => {
    let committing!: () => void;
    const inCommit = new Promise<void>((resolve) => (committing = resolve));
    const committed: number[] = [];
    const gw = await startTcpGateway({
      protocol: "teltonika",
      port: 0,
      host: "127.0.0.1",
      logger: pino({ level: "silent" }),
      isKnownDevice: async () => true,
      onUnknownDevice: async () => {},
      onPositions: async (_id, positions) => {
        committing();
        await new Promise((r) => setTimeout(r, 500)); // a slow commit
        committed.push(...positions.map((p) => p.fixTime.getTime()));
      },
    });
    const client = await TeltonikaClient.connect(gw.port);
    expect(await client.handshake(IMEI)).toBe(true);
    const idle = await TeltonikaClient.connect(gw.port);
    expect(await idle.handshake("356307042441022")).toBe(true);

    const records = [record(0), record(1), record(2)];
    const ack = client.sendRecords(records, undefined, 5000);
    await inCommit;
    const closing = gw.close();
    // no new connections once closing began
    await expect(
      new Promise((resolve, reject) => {
        const s = net.connect(gw.port, "127.0.0.1", () => resolve(s));
        s.once("error", reject);
      }),
    ).rejects.toThrow(/ECONNREFUSED/);
    expect(await ack).toBe(3);
    expect(committed).toEqual(records.map((r) => r.fixTime.getTime()));
    await closing;
    // the connection is closed afterwards: the next packet goes unanswered
    await expect(client.sendRecords([record(3)], undefined, 1000)).rejects.toThrow();
    client.close();
    idle.close();
  });
});

describe("the HTTP server closing for shutdown", () => {
  it("refuses new connections, answers the request in progress, and closes idle keep-alive connections", async () => {
    let received!: () => void;
    const inProgress = new Promise<void>((resolve) => (received = resolve));
    const server = createServer((req, res) => {
      if (req.url === "/slow") {
        received();
        setTimeout(() => res.end("done"), 500);
      } else res.end("quick");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as net.AddressInfo).port;
    // a keep-alive connection left idle by an earlier request
    expect(await (await fetch(`http://127.0.0.1:${port}/quick`)).text()).toBe("quick");

    const slow = fetch(`http://127.0.0.1:${port}/slow`, { headers: { connection: "close" } });
    await inProgress;
    const started = Date.now();
    const closed = closeHttpGracefully(server, 5000);
    await expect(
      new Promise((resolve, reject) => {
        const s = net.connect(port, "127.0.0.1", () => resolve(s));
        s.once("error", reject);
      }),
    ).rejects.toThrow(/ECONNREFUSED/);
    const res = await slow;
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("done");
    await closed;
    // closed once the request was answered, not at the 5 s cut
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
