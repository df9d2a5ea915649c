import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FormClient, startTestServer, type TestServer } from "../support/server";
import { createMapOrg, sampleDrive, storeFixes, type MapTestOrg } from "../support/map-org";
import { randomImei } from "../support/factories";
import { encodeNear, formatAddress } from "../../server/shared/address-text";
import { gazetteer } from "../../server/modules/addresses/addresses.service";

const rowOf = (html: string, vehicleId: string) => {
  const m = new RegExp(`<tr[^>]*data-vehicle-id="${vehicleId}"[^>]*>([\\s\\S]*?)</tr>`).exec(html);
  if (!m) throw new Error(`no row for ${vehicleId}`);
  return m[1];
};

describe("/manage without JavaScript", () => {
  let srv: TestServer;
  let org: MapTestOrg;
  let admin: FormClient;

  beforeAll(async () => {
    srv = await startTestServer();
    org = await createMapOrg(srv.ctx, 3, { operator: true });
    await storeFixes(srv.ctx, org, org.vehicles[0], sampleDrive(1));
    await storeFixes(srv.ctx, org, org.vehicles[1], [
      { at: new Date(Date.now() - 120_000), lat: 41.32, lon: 19.81, speed: 0, ignition: false },
    ]);
    admin = new FormClient(srv.url);
    await admin.login(org.adminEmail, org.adminPassword);
  });
  afterAll(async () => {
    await srv?.close();
  });

  it("lists every vehicle with status, speed, last update and faults in English", async () => {
    const html = await (await admin.get("/manage?lng=en")).text();
    expect(html).toContain('data-testid="fleet-table"');
    const moving = rowOf(html, org.vehicles[0].id);
    expect(moving).toContain(org.vehicles[0].registration);
    expect(moving).toMatch(/data-state="moving"[^>]*>Moving</);
    expect(moving).toContain("30 km/h");
    expect(moving).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    const stopped = rowOf(html, org.vehicles[1].id);
    expect(stopped).toMatch(/data-state="stopped"[^>]*>Stopped</);
    const silent = rowOf(html, org.vehicles[2].id);
    expect(silent).toContain("No position yet");
    expect(silent).toContain('data-fault="noPositions"');
    expect(silent).toContain("No positions");
    expect(html).toMatch(/data-counter="moving"><span class="counter-value">1</);
    expect(html).toMatch(/data-counter="stopped"><span class="counter-value">1</);
  });

  it("shows the same states in Albanian", async () => {
    const html = await (await admin.get("/manage?lng=al")).text();
    expect(rowOf(html, org.vehicles[0].id)).toMatch(/data-state="moving"[^>]*>Në lëvizje</);
    expect(rowOf(html, org.vehicles[1].id)).toMatch(/data-state="stopped"[^>]*>Ndalur</);
    expect(rowOf(html, org.vehicles[2].id)).toContain("Pa pozicione");
  });

  it("filters by search text on the server", async () => {
    const reg = org.vehicles[1].registration;
    const html = await (await admin.get(`/manage?lng=en&q=${encodeURIComponent(reg)}`)).text();
    expect(html).toContain(`data-vehicle-id="${org.vehicles[1].id}"`);
    expect(html).not.toContain(`data-vehicle-id="${org.vehicles[0].id}"`);
  });

  it("opens the vehicle panel from the list link", async () => {
    const html = await (await admin.get(`/manage?lng=en&vehicle=${org.vehicles[0].id}`)).text();
    expect(html).toContain('data-testid="vehicle-panel"');
    expect(html).toMatch(/data-testid="panel-speed">30 km\/h</);
    expect(html).toContain(`/immobilization/command?vehicle=${org.vehicles[0].id}&amp;action=block`);
  });

  it("shows where the chosen vehicle is in its panel, in both languages, and answers the panel's own request", async () => {
    const near = gazetteer().nearest(41.32, 19.81)!;
    const expected = { en: formatAddress(encodeNear(near), "en"), al: formatAddress(encodeNear(near), "al") };
    expect(expected.en).not.toBe("");
    for (const lng of ["en", "al"] as const) {
      const html = await (await admin.get(`/manage?lng=${lng}&vehicle=${org.vehicles[1].id}`)).text();
      expect(html).toContain(`data-testid="panel-address">${expected[lng]}<`);
      const res = await admin.get(`/manage/vehicle/${org.vehicles[1].id}/address?lng=${lng}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ address: expected[lng] });
    }
    // a vehicle without a position has no address
    const silent = await admin.get(`/manage/vehicle/${org.vehicles[2].id}/address?lng=en`);
    expect(await silent.json()).toEqual({ address: null });
  });

  it("lists device faults, and unclaimed devices only for the installation's administrators", async () => {
    const html = await (await admin.get("/manage/faults?lng=en")).text();
    expect(html).toContain(`data-vehicle-id="${org.vehicles[2].id}"`);
    expect(html).not.toContain(`data-vehicle-id="${org.vehicles[0].id}"`);
    expect(html).toContain('data-testid="unknown-devices"');
    const viewer = new FormClient(srv.url);
    await viewer.login(org.viewerEmail, org.viewerPassword);
    const viewerHtml = await (await viewer.get("/manage/faults?lng=en")).text();
    expect(viewerHtml).toContain('data-testid="faults-table"');
    expect(viewerHtml).not.toContain('data-testid="unknown-devices"');
    const tenant = await createMapOrg(srv.ctx, 1);
    const tenantAdmin = new FormClient(srv.url);
    await tenantAdmin.login(tenant.adminEmail, tenant.adminPassword);
    const tenantHtml = await (await tenantAdmin.get("/manage/faults?lng=en")).text();
    expect(tenantHtml).toContain('data-testid="faults-table"');
    expect(tenantHtml).not.toContain('data-testid="unknown-devices"');
  });
  it("attaches an unknown device to a vehicle from the faults page", async () => {
    const identifier = randomImei();
    await srv.ctx.db
      .insertInto("unknown_devices")
      .values({ identifier, protocol: "teltonika", remote_address: "10.0.0.9" })
      .execute();
    const before = await (await admin.get("/manage/faults?lng=en")).text();
    expect(before).toContain(`data-identifier="${identifier}"`);
    const target = org.vehicles[2];
    const res = await admin.post("/manage/faults?lng=en", { identifier, vehicleId: target.id });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`Device ${identifier} is now attached to ${target.registration}.`);
    const vehicle = await srv.ctx.db
      .selectFrom("vehicles")
      .select(["device_imei", "device_protocol"])
      .where("id", "=", target.id)
      .executeTakeFirstOrThrow();
    expect(vehicle).toEqual({ device_imei: identifier, device_protocol: "teltonika" });
    const after = await (await admin.get("/manage/faults?lng=en")).text();
    expect(after).not.toContain(`data-identifier="${identifier}"`);
  });
});
