import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertFixes, monthOfDriving } from "../../bench/month-track";
import { toLocalInput } from "../../app/lib/map/time";
import { DEFAULT_TIME_ZONE } from "../../server/modules/organization/organization.service";
import { FormClient, startTestServer, type TestServer } from "../support/server";
import { createMapOrg, type MapTestOrg } from "../support/map-org";

/** The replay route's loader answer, as the browser gets it on a client-side navigation (single fetch). */
async function replayData(client: FormClient, query: string) {
  const res = await client.get(`/replay.data?${query}`);
  expect(res.status).toBe(200);
  const decoded = await decodeViaTurboStream(res.body as ReadableStream<Uint8Array>, globalThis);
  await decoded.done;
  const routes = decoded.value as Record<string, { data?: { replay?: Record<string, unknown> } }>;
  const replay = Object.values(routes)
    .map((r) => r.data?.replay)
    .find(Boolean);
  return replay as {
    track: { t: string }[];
    tablePoints: unknown[];
    pointCount: number;
    stops: { from: string; to: string }[];
    toleranceM: number;
  };
}

describe("replay of a month", () => {
  let srv: TestServer;
  let org: MapTestOrg;
  let client: FormClient;
  const end = new Date(Date.now() - 3_600_000);
  const fixes = monthOfDriving(end, 30);
  let query: string;

  beforeAll(async () => {
    srv = await startTestServer();
    org = await createMapOrg(srv.ctx, 1);
    await insertFixes(srv.ctx.db, org, org.vehicles[0], fixes);
    client = new FormClient(srv.url);
    await client.login(org.adminEmail, org.adminPassword);
    query = new URLSearchParams({
      vehicle: org.vehicles[0].id,
      from: toLocalInput(new Date(fixes[0].at.getTime() - 60_000), DEFAULT_TIME_ZONE),
      to: toLocalInput(new Date(end.getTime() + 60_000), DEFAULT_TIME_ZONE),
    }).toString();
  }, 120_000);
  afterAll(async () => {
    await srv?.close();
  });

  it("the page's loader sends the thinned track, the first table rows and the full count", async () => {
    const replay = await replayData(client, query);
    expect(replay.pointCount).toBe(fixes.length);
    expect(replay.tablePoints).toHaveLength(500);
    expect(replay.track.length).toBeGreaterThan(100);
    expect(replay.track.length).toBeLessThan(fixes.length / 4);
    expect(replay.track[0].t).toBe(fixes[0].at.toISOString());
    expect(replay.track.at(-1)?.t).toBe(fixes.at(-1)?.at.toISOString());
    const drawn = new Set(replay.track.map((p) => p.t));
    expect(replay.stops.length).toBeGreaterThan(60);
    for (const s of replay.stops) expect(drawn.has(s.from) && drawn.has(s.to)).toBe(true);
  });

  it("the CSV export still has every fix", async () => {
    const res = await client.get(`/replay/export.csv?${query}`);
    expect(res.status).toBe(200);
    const lines = (await res.text()).trim().split("\r\n");
    expect(lines.length - 1).toBe(fixes.length);
  });
});
