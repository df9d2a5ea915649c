import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mediaKey, mediaStore } from "../../server/modules/video/media-store";
import { sweepVideo } from "../../server/modules/video/video-sweep";
import { createTestContext, createTestOrg, type TestContext } from "../support/context";
import { createCameraVehicle, sampleFile } from "./support";

let ctx: TestContext;
beforeAll(() => {
  ctx = createTestContext();
});
afterAll(async () => ctx?.close());

describe("video sweep", () => {
  it("times out forgotten requests and deletes media (file and row) past the organisation's retention", async () => {
    const org = await createTestOrg(ctx);
    await ctx.db.insertInto("video_settings").values({ org_id: org.orgId, retention_days: 7 }).execute();
    const v = await createCameraVehicle(ctx, { org });
    const now = new Date();
    const base = {
      org_id: org.orgId,
      vehicle_id: v.id,
      device_id: v.imei,
      trigger: "periodic" as const,
      media_type: "photo" as const,
      camera: "front" as const,
      failure: null,
    };
    const forgotten = await ctx.db
      .insertInto("video_media")
      .values({
        ...base,
        trigger: "server_request",
        status: "sent",
        captured_at: now,
        created_at: new Date(now.getTime() - 31 * 60_000),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const fresh = await ctx.db
      .insertInto("video_media")
      .values({ ...base, trigger: "server_request", status: "sent", captured_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    const store = mediaStore(ctx.config);
    const oldAt = new Date(now.getTime() - 8 * 86_400_000);
    const old = await ctx.db
      .insertInto("video_media")
      .values({ ...base, status: "completed", captured_at: oldAt, file_key: "x", sha256: "0".repeat(64) })
      .returning("id")
      .executeTakeFirstOrThrow();
    const oldKey = mediaKey(org.orgId, old.id, oldAt, "photo");
    await store.write(oldKey, sampleFile("photo", 100));
    await ctx.db.updateTable("video_media").set({ file_key: oldKey }).where("id", "=", old.id).execute();
    const keptAt = new Date(now.getTime() - 6 * 86_400_000);
    const kept = await ctx.db
      .insertInto("video_media")
      .values({ ...base, status: "completed", captured_at: keptAt, file_key: "k", sha256: "0".repeat(64) })
      .returning("id")
      .executeTakeFirstOrThrow();

    await sweepVideo(ctx, now);
    const rows = await ctx.db
      .selectFrom("video_media")
      .select(["id", "status", "failure"])
      .where("org_id", "=", org.orgId)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(forgotten.id)).toMatchObject({ status: "failed", failure: "timeout" });
    expect(byId.get(fresh.id)).toMatchObject({ status: "sent" });
    expect(byId.has(old.id)).toBe(false);
    expect(await store.size(oldKey)).toBeNull();
    expect(byId.has(kept.id)).toBe(true);
  });
});
