/**
 * The load process of `npm run bench:ingest` (bench/ingest.ts starts it with `--role load`): the simulated Teltonika
 * devices and the WebSocket client, on their own core and clock, so that latency is measured from outside the server.
 */
import { WebSocket } from "ws";
import { crc16Ibm } from "../server/protocols/checksum";
import { encodeTeltonikaAvl, TeltonikaClient } from "../server/telematics/simulator";

export interface LoadJob {
  port: number;
  wsUrl: string;
  imeis: string[];
  records: number;
  seconds: number;
  rate: number;
}

export async function loadProcess(job: LoadJob) {
  const send = (m: unknown) => process.send!(m);
  const clients = await Promise.all(
    job.imeis.map(async (imei) => {
      const c = await TeltonikaClient.connect(job.port);
      if (!(await c.handshake(imei))) throw new Error(`refused ${imei}`);
      return c;
    }),
  );
  const latencies: number[] = [];
  let latencyFrom = Number.POSITIVE_INFINITY;
  const ws = new WebSocket(job.wsUrl);
  ws.on("message", (data) => {
    const m = JSON.parse(String(data));
    if (m.type !== "position") return;
    const sent = Date.parse(m.fixTime);
    if (sent >= latencyFrom) latencies.push(Date.now() - sent);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once("message", () => resolve());
    ws.once("error", reject);
  });

  // Phase 1: closed loop, every device sends `records`-record packets as fast as they are acknowledged.
  const base = Date.now() - 20 * 3600_000;
  let acked = 0;
  let stop = false;
  const warmupMs = 3000;
  const started = Date.now();
  let measuredFrom = 0;
  let ackedAtMeasureStart = 0;
  let cpuFrom = process.cpuUsage();
  setTimeout(() => {
    measuredFrom = Date.now();
    ackedAtMeasureStart = acked;
    cpuFrom = process.cpuUsage();
    send({ phase: "measure-start" });
  }, warmupMs);
  setTimeout(() => (stop = true), warmupMs + job.seconds * 1000);
  // Each device's packet is encoded once; per send only the records' timestamps and the CRC are rewritten, so that
  // the simulated devices take as little as possible of the CPU the server shares with them.
  await Promise.all(
    clients.map(async (c, d) => {
      const frame = encodeTeltonikaAvl(
        Array.from({ length: job.records }, (_, i) => ({
          fixTime: new Date(base + i * 50),
          latitude: 41.3 + d * 1e-4,
          longitude: 19.8 + i * 1e-5,
          speed: 40,
          satellites: 9,
          ignition: true,
        })),
      );
      const dataLength = frame.readUInt32BE(4);
      const recordLength = (dataLength - 3) / job.records; // codec id, count … records … count
      for (let seq = 0; !stop; seq++) {
        for (let i = 0; i < job.records; i++)
          frame.writeBigUInt64BE(BigInt(base + (seq * job.records + i) * 50), 10 + i * recordLength);
        frame.writeUInt32BE(crc16Ibm(frame.subarray(8, 8 + dataLength)), 8 + dataLength);
        await c.write(frame);
        const n = (await c.read(4, 30_000)).readUInt32BE(0); // not `acked += await …`: that loses concurrent increments
        acked += n;
      }
    }),
  );
  const measuredS = (Date.now() - measuredFrom) / 1000;
  const cpu = process.cpuUsage(cpuFrom);
  send({
    phase: "throughput",
    acked: acked - ackedAtMeasureStart,
    seconds: measuredS,
    total: acked,
    wall: (Date.now() - started) / 1000,
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
  });

  // Phase 2: open loop at a fixed rate, one record per packet (live mode); fix time = send time.
  // A short pause first, so that phase 1's write-back (checkpoint, autovacuum) is not billed to phase 2 alone.
  await new Promise((r) => setTimeout(r, 5000));
  const intervalMs = (clients.length * 1000) / job.rate;
  latencyFrom = Date.now() + 2000; // skip the first two seconds
  const until = latencyFrom + job.seconds * 1000;
  let sent = 0;
  await Promise.all(
    clients.map(async (c, d) => {
      await new Promise((r) => setTimeout(r, (d / clients.length) * intervalMs));
      let next = Date.now();
      while (Date.now() < until) {
        const now = Date.now();
        await c.sendRecords(
          [
            {
              fixTime: new Date(now),
              latitude: 41.31 + d * 1e-4,
              longitude: 19.82,
              speed: 35,
              satellites: 9,
              ignition: true,
            },
          ],
          undefined,
          30_000,
        );
        if (now >= latencyFrom) sent++;
        next += intervalMs;
        const wait = next - Date.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
    }),
  );
  await new Promise((r) => setTimeout(r, 1500));
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
  send({
    phase: "latency",
    sent,
    achievedRate: Math.round(sent / job.seconds),
    received: latencies.length,
    p50: q(0.5),
    p99: q(0.99),
    max: latencies.at(-1),
  });
  for (const c of clients) c.close();
  ws.close();
  process.exit(0);
}
