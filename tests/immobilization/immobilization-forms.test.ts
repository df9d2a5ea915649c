import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TelematicsRuntime } from "../../server/runtime";
import { TeltonikaClient } from "../../server/telematics/simulator";
import { FormClient, startTestServer, type TestServer } from "../support/server";
import { createMapOrg, type MapTestOrg } from "../support/map-org";

describe("immobilisation without JavaScript", () => {
  let srv: TestServer;
  let org: MapTestOrg;
  let admin: FormClient;
  let viewer: FormClient;

  beforeAll(async () => {
    srv = await startTestServer({ telematics: true });
    org = await createMapOrg(srv.ctx, 2);
    admin = new FormClient(srv.url);
    await admin.login(org.adminEmail, org.adminPassword);
    viewer = new FormClient(srv.url);
    await viewer.login(org.viewerEmail, org.viewerPassword);
  });
  afterAll(async () => {
    await srv?.close();
  });

  it("shows block and unblock only to users allowed to command", async () => {
    const path = `/manage?lng=en&vehicle=${org.vehicles[0].id}`;
    const adminHtml = await (await admin.get(path)).text();
    expect(adminHtml).toContain('data-testid="immobilize-controls"');
    const viewerHtml = await (await viewer.get(path)).text();
    expect(viewerHtml).toContain('data-testid="vehicle-panel"');
    expect(viewerHtml).not.toContain('data-testid="immobilize-controls"');
    expect(viewerHtml).not.toContain("/immobilization/command");
  });

  it("answers 403 when a viewer posts a block", async () => {
    const res = await viewer.post(
      "/immobilization/command",
      { vehicle: org.vehicles[0].id, action: "block" },
      { from: "/manage" },
    );
    expect(res.status).toBe(403);
    const count = await srv.ctx.db
      .selectFrom("device_commands")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("vehicle_id", "=", org.vehicles[0].id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it("asks for confirmation, sends the command and records the result in the history", async () => {
    const confirmPath = `/immobilization/command?lng=en&vehicle=${org.vehicles[0].id}&action=block`;
    const confirm = await admin.get(confirmPath);
    expect(confirm.status).toBe(200);
    const html = await confirm.text();
    expect(html).toContain("Block the engine?");
    expect(html).toContain(org.vehicles[0].registration);
    const res = await admin.post(confirmPath, { vehicle: org.vehicles[0].id, action: "block" });
    expect(res.status).toBe(200);
    const result = await res.text();
    expect(result).toMatch(
      /data-testid="immobilization-result" data-status="Failed">Block: Failed<span class="reason"> \(<!-- -->Device offline<!-- -->\)<\/span>/,
    );
    const history = await (await admin.get("/immobilization?lng=en")).text();
    const row = /<tr data-status="Failed">([\s\S]*?)<\/tr>/.exec(history)?.[1] ?? "";
    expect(row).toContain(org.vehicles[0].registration);
    expect(row).toContain("Block");
    expect(row).toContain("Admin Flota");
    expect(row).toContain("Device offline");
  });

  it("reaches the connected device from the page and records Blocked when it answers", async () => {
    // The page action runs in the web build's copy of the server modules; the gateway was started by the
    // source copy. The command must still reach the device's connection.
    const vehicle = org.vehicles[1];
    const device = await TeltonikaClient.connect((srv.telematics as TelematicsRuntime).ports.teltonika as number);
    try {
      expect(await device.handshake(vehicle.imei)).toBe(true);
      const path = `/immobilization/command?lng=en&vehicle=${vehicle.id}&action=block`;
      const posted = admin.post(path, { vehicle: vehicle.id, action: "block" }, { from: path });
      expect(await device.receiveCommand(10_000)).toBe("setdigout 1");
      await device.respondToCommand("DOUT1:1 DOUT2:0");
      const res = await posted;
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('data-status="Blocked"');
    } finally {
      device.close();
    }
    const rows = await srv.ctx.db
      .selectFrom("device_commands")
      .select(["action", "status"])
      .where("vehicle_id", "=", vehicle.id)
      .execute();
    expect(rows).toEqual([{ action: "block", status: "Blocked" }]);
  });

  it("refuses the history page to a viewer without immobilization:read", async () => {
    expect((await viewer.get("/immobilization")).status).toBe(403);
  });
});
