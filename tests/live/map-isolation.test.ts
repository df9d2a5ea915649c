import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FormClient, startTestServer, type TestServer } from "../support/server";
import { createMapOrg, sampleDrive, storeFixes, type MapTestOrg } from "../support/map-org";
import { dayFromToday } from "../support/days";

describe("map screens never reach another organisation's vehicles", () => {
  let srv: TestServer;
  let a: MapTestOrg;
  let b: MapTestOrg;
  let admin: FormClient;

  beforeAll(async () => {
    srv = await startTestServer();
    [a, b] = await Promise.all([createMapOrg(srv.ctx, 1), createMapOrg(srv.ctx, 1)]);
    await storeFixes(srv.ctx, b, b.vehicles[0], sampleDrive(1));
    admin = new FormClient(srv.url);
    await admin.login(a.adminEmail, a.adminPassword);
  });
  afterAll(async () => {
    await srv?.close();
  });

  it("does not show, replay, export or command B's vehicle for A's administrator", async () => {
    const id = b.vehicles[0].id;
    const manage = await (await admin.get(`/manage?lng=en&vehicle=${id}`)).text();
    expect(manage).not.toContain(`data-vehicle-id="${id}"`);
    expect(manage).not.toContain('data-testid="vehicle-panel"');
    const period = new URLSearchParams({
      vehicle: id,
      from: `${dayFromToday(-2)}T00:00`,
      to: `${dayFromToday(-1)}T00:00`,
    });
    const replay = await admin.get(`/replay?lng=en&${period}`);
    expect(replay.status).toBe(404);
    expect(await replay.text()).not.toContain('data-testid="replay-summary"');
    expect((await admin.get(`/replay/export.csv?${period}`)).status).toBe(404);
    expect((await admin.get(`/immobilization/command?vehicle=${id}&action=block`)).status).toBe(404);
    const post = await admin.post(`/immobilization/command?vehicle=${a.vehicles[0].id}&action=block`, {
      vehicle: id,
      action: "block",
    });
    expect(post.status).toBe(404);
    const rows = await srv.ctx.db.selectFrom("device_commands").select("id").where("vehicle_id", "=", id).execute();
    expect(rows).toEqual([]);
  });
});
