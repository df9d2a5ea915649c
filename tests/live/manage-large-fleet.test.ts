import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WINDOWED_FROM } from "../../app/features/live-map/components/FleetTable";
import { createTestOrg, type TestOrg } from "../support/context";
import { createVehicles } from "../support/factories";
import { FormClient, startTestServer, type TestServer } from "../support/server";

const tbody = (html: string) => /data-testid="fleet-table"[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? "";
const rows = (html: string) => tbody(html).match(/<tr[^>]*data-vehicle-id=/g)?.length ?? 0;

describe("/manage with a large fleet, without JavaScript", () => {
  let srv: TestServer;
  let org: TestOrg;
  let admin: FormClient;
  const total = WINDOWED_FROM + 40;

  beforeAll(async () => {
    srv = await startTestServer();
    org = await createTestOrg(srv.ctx);
    await createVehicles(srv.ctx, { org, count: total, registration: (i) => `LF ${String(i).padStart(4, "0")}` });
    admin = new FormClient(srv.url);
    await admin.login(org.adminEmail, org.adminPassword);
  });
  afterAll(async () => {
    await srv?.close();
  });

  it("renders one page of rows with links to the others, and the counters count the whole fleet", async () => {
    const first = await (await admin.get("/manage?lng=en")).text();
    expect(rows(first)).toBe(WINDOWED_FROM);
    expect(tbody(first).includes(">LF 0000<")).toBe(true);
    expect(tbody(first).includes(">LF 0339<")).toBe(false);
    expect(/<nav class="pagination"[\s\S]*?<\/nav>/.exec(first)?.[0]).toMatch(/href="\/manage\?lng=en&amp;page=2"/);
    expect(/data-counter="total"><span class="counter-value">340</.test(first)).toBe(true);
    const second = await (await admin.get("/manage?lng=en&page=2")).text();
    expect(rows(second)).toBe(total - WINDOWED_FROM);
    expect(tbody(second).includes(">LF 0339<")).toBe(true);
    expect(tbody(second).includes(">LF 0000<")).toBe(false);
  });
});
