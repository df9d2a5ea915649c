/**
 * npm run bench:metrics: what /metrics costs the device path (the per-packet reporting calls) and a scrape.
 * Prints a Markdown row for docs/performance.md.
 */
import os from "node:os";
import { metrics, renderMetrics } from "../server/metrics";

const N = 2_000_000;
const protocols = ["teltonika", "gt06", "h02", "osmand"];

function perPacket(): number {
  const start = process.hrtime.bigint();
  for (let i = 0; i < N; i++) {
    const protocol = protocols[i & 3];
    metrics.positionsReceived(protocol, 5);
    metrics.positionsStored(protocol, 5, 0.004);
  }
  return Number(process.hrtime.bigint() - start) / N;
}

perPacket(); // warm-up
const ns = Math.min(perPacket(), perPacket(), perPacket());

for (let r = 0; r < 60; r++)
  for (const status of [200, 302, 404]) metrics.httpRequest("GET", `/route/${r}/:id`, status, 0.01);
const scrapes: number[] = [];
let bytes = 0;
for (let i = 0; i < 20; i++) {
  const start = process.hrtime.bigint();
  bytes = (await renderMetrics()).length;
  scrapes.push(Number(process.hrtime.bigint() - start) / 1e6);
}
scrapes.sort((a, b) => a - b);
const load = os.loadavg()[0].toFixed(2);
console.log("| per packet (received + stored + ack latency) | scrape, 180 HTTP series | scrape size | load (1 min) |");
console.log("|---:|---:|---:|---:|");
console.log(
  `| ${ns.toFixed(0)} ns | ${scrapes[10].toFixed(1)} ms (median of 20) | ${(bytes / 1024).toFixed(0)} KiB | ${load} |`,
);
