import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { createPolicy, parsePolicyInput } from "../../server/modules/alerts/alerts.service";
import { TeltonikaClient, type SimPosition } from "../../server/telematics/simulator";
import { apiLogin } from "../support/api-auth";
import { hasChromium, launchBrowser, signInInBrowser, waitForHydration } from "../support/browser";
import { createTestContext, createTestOrg, principalFor, type TestContext, type TestOrg } from "../support/context";
import { freePort } from "../support/free-port";
import { killAllFlotaProcesses, NO_GATEWAY_PORTS, startFlotaProcess, type FlotaProcess } from "../support/processes";
import { sleep, waitFor } from "../support/wait";
import { attachDevices } from "../support/factories";
import { LiveClient } from "../support/live-client";

/**
 * Roles as processes (docs/scaling.md): two gateway processes (`npm run gateway`, A and B) and a web
 * process without gateways (`npm start` with FLOTA_GATEWAYS=off), all real Node processes on free ports,
 * talking over Redis pub/sub (`kind: "redis"`) or PostgreSQL LISTEN/NOTIFY (`"postgres"`).
 */
export function scaleOutSuite(kind: "redis" | "postgres") {
  let ctx: TestContext;
  let org: TestOrg;
  let devices: Awaited<ReturnType<typeof attachDevices>>;
  let gatewayA: FlotaProcess;
  let gatewayB: FlotaProcess;
  let web: FlotaProcess;
  let portA: number;
  let portB: number;
  let webUrl: string;
  let token: string;
  let live: LiveClient;
  const clients: TeltonikaClient[] = [];
  let browser: Browser | null = null;

  beforeAll(async () => {
    ctx = createTestContext();
    org = await createTestOrg(ctx, { demo: true });
    devices = await attachDevices(ctx, org.orgId, 2);
    await createPolicy(
      ctx,
      await principalFor(ctx, org.adminId),
      parsePolicyInput({
        name: "Scale-out limit",
        alert_type: "speeding",
        speed_limit_kmh: "90",
        vehicle_ids: [devices[0].id],
        recipient_ids: [org.adminId],
        days: ["0", "1", "2", "3", "4", "5", "6"],
        notify_in_app: "on",
      }),
    );
    const common = {
      DATABASE_URL: inject("databaseUrl"),
      REDIS_URL: kind === "redis" ? inject("redisUrl")! : "",
      FLOTA_DEMO: "false",
      HOST: "127.0.0.1",
      GATEWAY_HOST: "127.0.0.1",
      QUEUE_PREFIX: `so${randomUUID().slice(0, 6)}-`,
      ...NO_GATEWAY_PORTS,
    };
    [portA, portB] = [await freePort(), await freePort()];
    const webPort = await freePort();
    webUrl = `http://127.0.0.1:${webPort}`;
    const gateway = (port: number) =>
      startFlotaProcess("server/cli/gateway.ts", [], { ...common, TELTONIKA_PORT: String(port) }, "gateway is running");
    const launching = hasChromium ? launchBrowser() : Promise.resolve(null);
    [gatewayA, gatewayB, web] = await Promise.all([
      gateway(portA),
      gateway(portB),
      startFlotaProcess(
        "server/cli/start.ts",
        ["--no-build"],
        { ...common, PORT: String(webPort), FLOTA_GATEWAYS: "off", FLOTA_WORKER: "off", TELTONIKA_PORT: String(portA) },
        "Flota is running at",
      ),
    ]);
    browser = await launching;
    expect(gatewayA.output()).toContain(`bus: ${kind}`);
    expect(web.output()).toContain("FLOTA_GATEWAYS=off");

    const login = await apiLogin(webUrl, org.adminEmail, org.adminPassword, { webLogin: true });
    expect(login.status).toBe(200);
    token = ((await login.json()) as { access_token: string }).access_token;
    const channel = `markers-${org.adminId}-${Math.floor(Date.now() / 1000)}`;
    const sub = await fetch(`${webUrl}/api/subscribe/positions/${channel}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(devices.map((d) => d.id)),
    });
    expect(sub.status).toBe(200);
    // the browser's socket: the session cookie on web's /live
    live = await LiveClient.open(`${webUrl.replace("http", "ws")}/live`, { cookie: `flota_session=${token}` });
    await live.waitFor((m) => m.type === "ready");
  }, 240_000);
  afterAll(async () => {
    for (const c of clients) c.close();
    live?.close();
    await browser?.close();
    await killAllFlotaProcesses();
    await ctx?.close();
  });

  async function connect(port: number, imei: string): Promise<TeltonikaClient> {
    const client = await TeltonikaClient.connect(port);
    clients.push(client);
    expect(await client.handshake(imei, 5000)).toBe(true);
    return client;
  }

  const record = (t: number, speed: number, lat = 41.32): SimPosition => ({
    fixTime: new Date(t),
    latitude: lat,
    longitude: 19.81,
    speed,
    satellites: 8,
    ignition: true,
  });

  /** POST /api/immobilization on the web process while the device (on a gateway process) answers. */
  async function block(device: TeltonikaClient, vehicleId: string, action: "block" | "unblock") {
    const answer = fetch(`${webUrl}/api/immobilization`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ vehicleId, action }),
    });
    expect(await device.receiveCommand(10_000)).toBe(action === "block" ? "setdigout 1" : "setdigout 0");
    await device.respondToCommand(action === "block" ? "DOUT1:1 DOUT2:0" : "DOUT1:0 DOUT2:0");
    const res = await answer;
    expect(res.status).toBe(200);
    return (await res.json()) as { status: string; response: string | null };
  }

  it("a device on gateway A and a browser on the web process see each other: live position, alert toast, block", async () => {
    const [d] = devices;
    // a signed-in browser on the web process, its notification socket open
    let page: Page | null = null;
    if (browser) {
      page = await (await browser.newContext()).newPage();
      await signInInBrowser(page, webUrl, org.adminEmail, org.adminPassword, "/alerts/log?lng=en");
      await waitForHydration(page);
      await page.waitForSelector('[data-testid="alert-bell"][data-live="open"]', { timeout: 15_000 });
    }
    const device = await connect(portA, d.imei);
    const t0 = Date.now() - 60_000;
    expect(await device.sendRecords([record(t0, 50)], undefined, 10_000)).toBe(1);
    const pos = await live.waitFor((m) => m.type === "position" && m.vehicleId === d.id, 15_000);
    expect(pos).toMatchObject({ vehicleId: d.id });

    expect(await device.sendRecords([record(t0 + 10_000, 120, 41.33)], undefined, 10_000)).toBe(1);
    const alert = await live.waitFor((m) => m.type === "alert" && m.vehicleId === d.id, 15_000);
    expect(alert).toMatchObject({ alertType: "speeding", policyName: "Scale-out limit" });
    if (page) {
      const toast = page.locator('[data-testid="notifications"] .toast-alert');
      await toast.waitFor({ timeout: 15_000 });
      expect(await toast.locator("strong").textContent()).toBe(`Speeding · ${d.registration}`);
      await page.context().close();
    }

    expect(await block(device, d.id, "block")).toMatchObject({ status: "Blocked", response: "DOUT1:1 DOUT2:0" });
    expect(await block(device, d.id, "unblock")).toMatchObject({ status: "Unblocked" });
  }, 90_000);

  it("killing gateway A mid-stream loses no acknowledged position; the device reconnects to B and is reachable there", async () => {
    const d = devices[1];
    const acked: number[] = [];
    const base = Date.now() - 3600_000;
    const state = { stop: false, onB: false };
    let current: TeltonikaClient | null = null;
    // A device behind a TCP load balancer: when its connection breaks it connects again and lands on B.
    const streaming = (async () => {
      let packet = 0;
      let pending: SimPosition[] | null = null;
      for (const port of [portA, portB]) {
        const client = await connect(port, d.imei);
        current = client;
        state.onB = port === portB;
        try {
          while (!state.stop) {
            const records: SimPosition[] =
              pending ?? Array.from({ length: 5 }, (_, i) => record(base + (packet * 5 + i) * 1000, 40));
            if (!pending) packet++;
            pending = records;
            const n = await client.sendRecords(records, undefined, 10_000);
            if (n !== records.length) throw new Error(`acked ${n}`);
            acked.push(...records.map((r) => r.fixTime.getTime()));
            pending = null;
          }
          return;
        } catch {
          client.close(); // not acknowledged: kept in `pending` and sent again on the next connection
        }
      }
    })();
    await waitFor(() => acked.length >= 100, 30_000, 5);
    await gatewayA.kill("SIGKILL");
    const atKill = acked.length;
    await waitFor(() => state.onB && acked.length >= atKill + 50, 30_000, 10);
    state.stop = true;
    await streaming;

    const stored = await ctx.db.selectFrom("positions").select("fix_time").where("vehicle_id", "=", d.id).execute();
    const times = new Set(stored.map((r) => new Date(r.fix_time).getTime()));
    const lost = acked.filter((t) => !times.has(t));
    expect(lost).toEqual([]);
    expect(gatewayB.proc.exitCode).toBeNull();
    // the live position of the web process follows the device onto gateway B
    await live.waitFor(
      (m) => m.type === "position" && m.vehicleId === d.id && Date.parse(String(m.fixTime)) >= acked.at(-1)!,
      15_000,
    );

    // and a command from the web process finds it on B
    await sleep(50);
    expect(await block(current!, d.id, "block")).toMatchObject({ status: "Blocked" });
  }, 90_000);
}
