import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsJobs } from "../../server/modules/analytics/analytics.jobs";
import { createMailer } from "../../server/mail/mailer";
import { metricsAccess } from "../../server/metrics/http";
import { startMetricsServer } from "../../server/metrics/server";
import type { JobContext } from "../../server/job-definition";
import { TeltonikaClient } from "../../server/telematics/simulator";
import { apiToken } from "../support/api-auth";
import { createTestOrg, testConfig, uniqueEmail } from "../support/context";
import { freePort } from "../support/free-port";
import { buildExists, startTestServer, type TestServer } from "../support/server";
import { startSmtpServer } from "../support/smtp";
import { attachDevices } from "../support/factories";
import { LiveClient } from "../support/live-client";

const hasBuild = buildExists();
if (!hasBuild) console.log("[operations] no web build: the /metrics tests are skipped (run npm run build)");

const TOKEN = "metrics-token-for-the-test-0123456789";
let srv: TestServer;

/** The value of one sample (`name{labels}`), 0 when absent; labels in any order. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  let found = false;
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const m = /^[^{\s]+(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!m) continue;
    const have = Object.fromEntries([...(m[1] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) {
      total += Number(m[2]);
      found = true;
    }
  }
  return found ? total : 0;
}

async function scrape(headers: Record<string, string> = {}): Promise<string> {
  const res = await fetch(`${srv.url}/metrics`, { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

beforeAll(async () => {
  if (!hasBuild) return;
  srv = await startTestServer({ telematics: true, config: { METRICS_TOKEN: TOKEN } });
});
afterAll(async () => {
  await srv?.close();
});

describe.skipIf(!hasBuild)("GET /metrics", () => {
  it("counts a device's positions, HTTP requests by route pattern, and reads the live gauges", async () => {
    const org = await createTestOrg(srv.ctx, { demo: true });
    const [device] = await attachDevices(srv.ctx, org.orgId, 1);
    const before = await scrape();

    // a device streaming through the real Teltonika gateway
    const client = await TeltonikaClient.connect(srv.telematics!.ports.teltonika!);
    expect(await client.handshake(device.imei)).toBe(true);
    const t = Date.now() - 60_000;
    const records = [0, 1, 2].map((i) => ({
      fixTime: new Date(t + i * 1000),
      latitude: 41.32,
      longitude: 19.81,
      speed: 20,
      satellites: 8,
      ignition: true,
    }));
    expect(await client.sendRecords(records)).toBe(3);

    // pages and API calls with ids in their URLs
    const bookingId = randomUUID();
    expect((await fetch(`${srv.url}/login`)).status).toBe(200);
    await fetch(`${srv.url}/car-sharing/bookings/${bookingId}`, { redirect: "manual" });
    expect((await fetch(`${srv.url}/api/vehicles/${randomUUID()}`)).status).toBe(401);

    // a live map socket, a queued job, a report run, e-mails sent and failed
    const sessionToken = await apiToken(srv, org.adminEmail, org.adminPassword, { webLogin: true });
    const ws = await LiveClient.open(`${srv.url.replace("http", "ws")}/live`, {
      cookie: `flota_session=${sessionToken}`,
    });
    await srv.ctx.jobs.enqueue("mail", "metrics-test", {}, { delay: 3_600_000 });
    const jobCtx = Object.assign(Object.create(srv.ctx), {
      mailer: createMailer(srv.ctx.config, srv.ctx.log),
      keep: <T>(_k: string, create: () => T) => create(),
    }) as JobContext;
    expect(await analyticsJobs[0].handler({ data: { archiveId: randomUUID() } } as never, jobCtx)).toBe("SKIPPED");
    const smtp = await startSmtpServer();
    const mail = { to: uniqueEmail(), subject: "metrics", text: "hello" };
    await createMailer(testConfig({ SMTP_URL: smtp.url }), srv.ctx.log).send(mail);
    await expect(
      createMailer(testConfig({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}` }), srv.ctx.log).send(mail),
    ).rejects.toThrow();
    await smtp.close();

    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) =>
      sample(after, name, labels) - sample(before, name, labels);

    expect(delta("flota_positions_received_total", { protocol: "teltonika" })).toBe(3);
    expect(delta("flota_positions_stored_total", { protocol: "teltonika" })).toBe(3);
    expect(delta("flota_position_ack_seconds_count", { protocol: "teltonika" })).toBe(1);
    expect(sample(after, "flota_devices_connected", { protocol: "teltonika" })).toBeGreaterThanOrEqual(1);
    expect(sample(after, "flota_websocket_clients")).toBeGreaterThanOrEqual(1);
    expect(sample(after, "flota_job_queue_jobs", { queue: "mail", state: "delayed" })).toBeGreaterThanOrEqual(1);
    expect(delta("flota_report_runs_total", { status: "SKIPPED" })).toBe(1);
    expect(delta("flota_emails_total", { result: "sent" })).toBe(1);
    expect(delta("flota_emails_total", { result: "failed" })).toBe(1);
    expect(sample(after, "flota_db_pool_connections", { state: "total" })).toBeGreaterThan(0);
    expect(after).toContain("flota_process_cpu_user_seconds_total");
    expect(after).toContain("flota_nodejs_eventloop_lag_seconds");

    expect(delta("flota_http_requests_total", { method: "GET", route: "/login", status: "200" })).toBe(1);
    expect(delta("flota_http_requests_total", { method: "GET", route: "/car-sharing/bookings/:id" })).toBe(1);
    expect(delta("flota_http_requests_total", { method: "GET", route: "/api/vehicles/:id", status: "401" })).toBe(1);
    expect(delta("flota_http_request_duration_seconds_count", { method: "GET", route: "/login" })).toBe(1);
    // the label set is bounded: no raw URL (no id) ever becomes a label
    expect(after).not.toContain(bookingId);
    for (const line of after.split("\n"))
      if (line.startsWith("flota_http_requests_total{")) expect(line).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);

    // the Grafana dashboard reads only metrics the app serves
    const dashboard = await readFile(path.join(import.meta.dirname, "../../docs/grafana-dashboard.json"), "utf8");
    const read = new Set([...dashboard.matchAll(/flota_[a-z0-9_]+/g)].map((m) => m[0].replace(/_bucket$/, "")));
    expect(read.size).toBeGreaterThan(10);
    const served = new Set([...after.matchAll(/^# TYPE (\S+)/gm)].map((m) => m[1]));
    expect([...read].filter((name) => !served.has(name))).toEqual([]);

    ws.close();
    client.close();
    const connected = sample(after, "flota_devices_connected", { protocol: "teltonika" });
    const deadline = Date.now() + 5000;
    while (sample(await scrape(), "flota_devices_connected", { protocol: "teltonika" }) !== connected - 1) {
      if (Date.now() > deadline) throw new Error("the closed device connection is still counted");
      await new Promise((r) => setTimeout(r, 50));
    }
  });

  it("answers loopback clients; a request relayed by an untrusted proxy needs the bearer token", async () => {
    const relayed = { "x-forwarded-for": "203.0.113.7" };
    const none = await fetch(`${srv.url}/metrics`, { headers: relayed });
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(await none.text()).not.toContain("flota_");
    const wrong = await fetch(`${srv.url}/metrics`, { headers: { ...relayed, authorization: "Bearer nope" } });
    expect(wrong.status).toBe(401);
    const right = await fetch(`${srv.url}/metrics`, { headers: { ...relayed, authorization: `Bearer ${TOKEN}` } });
    expect(right.status).toBe(200);
    expect(await right.text()).toContain("flota_http_requests_total");
  });

  it("refuses every non-local client when METRICS_TOKEN is unset", async () => {
    const other = await startTestServer();
    try {
      const res = await fetch(`${other.url}/metrics`, {
        headers: { "x-forwarded-for": "203.0.113.7", authorization: `Bearer ${TOKEN}` },
      });
      expect(res.status).toBe(403);
      expect((await fetch(`${other.url}/metrics`)).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe("who may scrape /metrics", () => {
  const req = (ip: string, headers: Record<string, string> = {}) => ({ ip, headers });
  it("takes loopback addresses as local, over IPv4, IPv6 and IPv4-mapped IPv6", () => {
    for (const ip of ["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1"])
      expect(metricsAccess(req(ip), undefined, false)).toBe("ok");
  });
  it("wants the token from any other address, and refuses all when no token is configured", () => {
    for (const ip of ["203.0.113.7", "10.0.0.5", "::ffff:192.168.1.2", "fe80::1"]) {
      expect(metricsAccess(req(ip), undefined, false)).toBe("disabled");
      expect(metricsAccess(req(ip), TOKEN, false)).toBe("unauthorized");
      expect(metricsAccess(req(ip, { authorization: `Bearer ${TOKEN}x` }), TOKEN, false)).toBe("unauthorized");
      expect(metricsAccess(req(ip, { authorization: `Bearer ${TOKEN}` }), TOKEN, false)).toBe("ok");
    }
  });
  it("does not take a relayed request as local unless the proxy is trusted (then req.ip is the client)", () => {
    const relayed = req("127.0.0.1", { "x-forwarded-for": "127.0.0.1" });
    expect(metricsAccess(relayed, undefined, false)).toBe("disabled");
    expect(metricsAccess(relayed, undefined, true)).toBe("ok");
    expect(metricsAccess(req("127.0.0.1", { forwarded: "for=203.0.113.7" }), TOKEN, false)).toBe("unauthorized");
  });
});

describe("the worker's metrics port", () => {
  it("serves the same registry on its own port, to loopback clients", async () => {
    const port = await freePort();
    const server = await startMetricsServer({ port, host: "127.0.0.1", token: TOKEN });
    try {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toContain("# TYPE flota_job_failures_total counter");
      expect(text).toContain("# TYPE flota_report_runs_total counter");
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
