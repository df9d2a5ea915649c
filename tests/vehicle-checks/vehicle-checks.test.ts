import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../server/errors";
import { getReminder } from "../../server/modules/maintenance/reminders.service";
import { checklist, saveChecklist, submitCheck, type ChecklistItem } from "../../server/modules/vehicle-checks";
import type { CheckSubmission } from "../../server/modules/vehicle-checks/vehicle-checks.service";
import { createTestContext, createTestOrg, principalFor, type TestContext, type TestOrg } from "../support/context";
import { createUser, createVehicle } from "../support/factories";

/** Photos may be at most this many bytes in this file (UPLOAD_MAX_IMAGE_BYTES), to try the boundary. */
const MAX = 4096;
let ctx: TestContext;
let org: TestOrg;

beforeAll(async () => {
  ctx = createTestContext({ config: { UPLOAD_MAX_IMAGE_BYTES: String(MAX) } });
  org = await createTestOrg(ctx);
});
afterAll(() => ctx?.close());

/** A JPEG-looking photo of exactly `size` bytes. */
const jpeg = (size: number) => {
  const b = Buffer.alloc(size, 7);
  b.set([0xff, 0xd8, 0xff, 0xe0]);
  return { data: b };
};

async function driverWithVan(language: "al" | "en" = "en") {
  const driver = await createUser(ctx, { org, role: "driver", driver: true, language });
  const van = await createVehicle(ctx, { org, driver: driver.id });
  return { p: await principalFor(ctx, driver.id), van };
}

const answers = (items: ChecklistItem[], fail: Record<string, Partial<CheckSubmission["answers"][string]>> = {}) =>
  Object.fromEntries(
    items.map((i) => [i.key, { ok: !(i.key in fail), note: null, photo: null, ...fail[i.key] }]),
  ) as CheckSubmission["answers"];

const code = async (p: Promise<unknown>) => {
  try {
    await p;
    return null;
  } catch (err) {
    return err instanceof AppError ? { code: err.code, field: err.details?.field } : String(err);
  }
};

const remindersOf = (vehicleId: string) =>
  ctx.db.selectFrom("maintenance_reminders").selectAll().where("vehicle_id", "=", vehicleId).execute();

describe("the checklist", () => {
  it("is lights, tyres and damage (with a photo) until the organisation saves its own", async () => {
    const items = await checklist(ctx, org.orgId);
    expect(items.map((i) => [i.key, i.photo])).toEqual([
      ["lights", false],
      ["tyres", false],
      ["damage", true],
    ]);
  });

  it("is edited with maintenance:write only; at least one item", async () => {
    const other = await createTestOrg(ctx);
    const { p: driver } = await driverWithVan();
    expect(await code(saveChecklist(ctx, driver, { items: [{ label: "Mirrors" }] }))).toMatchObject({
      code: "FORBIDDEN",
    });
    const admin = await principalFor(ctx, other.adminId);
    expect(await code(saveChecklist(ctx, admin, { items: [] }))).toMatch(/ZodError|too_small|items/);
    const saved = await saveChecklist(ctx, admin, {
      items: [{ preset: "tyres" }, { label: "Mirrors", photo: true }],
    });
    expect(saved.map((i) => [i.preset, i.label, i.photo])).toEqual([
      ["tyres", null, false],
      [null, "Mirrors", true],
    ]);
    // another organisation's list is untouched
    expect((await checklist(ctx, org.orgId)).map((i) => i.key)).toEqual(["lights", "tyres", "damage"]);
  });
});

describe("a check", () => {
  it("all OK: stored as passed, no maintenance entry", async () => {
    const { p, van } = await driverWithVan();
    const items = await checklist(ctx, org.orgId);
    const check = await submitCheck(ctx, p, { vehicle_id: null, answers: answers(items) });
    expect(check).toMatchObject({ vehicle_id: van.id, driver_id: p.userId, passed: true });
    expect(check.items.every((i) => i.ok && i.reminder_id === null)).toBe(true);
    expect(await remindersOf(van.id)).toHaveLength(0);
  });

  it("a failed item creates a maintenance reminder for the vehicle, due today, named in the driver's language", async () => {
    const { p, van } = await driverWithVan("al");
    const items = await checklist(ctx, org.orgId);
    const check = await submitCheck(ctx, p, {
      vehicle_id: null,
      answers: answers(items, { tyres: { ok: false, note: "Goma e majtë e shpuar" } }),
    });
    expect(check.passed).toBe(false);
    const reminders = await remindersOf(van.id);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({ name: "Kontrolli i mjetit: Gomat", repeat: false, active: true });
    expect(reminders[0].notes).toContain("Goma e majtë e shpuar");
    expect(check.items.find((i) => i.item_id === "tyres")?.reminder_id).toBe(reminders[0].id);
    const admin = await principalFor(ctx, org.adminId);
    expect((await getReminder(ctx, admin, reminders[0].id)).status).toBe("due");
  });

  it("a failed item that asks for a photo needs one; the photo is a JPEG/PNG/WebP of at most the limit", async () => {
    const { p, van } = await driverWithVan();
    const items = await checklist(ctx, org.orgId);
    const damaged = (photo: { data: Buffer } | null) =>
      submitCheck(ctx, p, { vehicle_id: van.id, answers: answers(items, { damage: { ok: false, photo } }) });
    expect(await code(damaged(null))).toEqual({ code: "PHOTO_REQUIRED", field: "photo_damage" });
    expect(await code(damaged({ data: Buffer.from("GIF89a not a photo we take") }))).toEqual({
      code: "IMAGE_INVALID",
      field: "photo_damage",
    });
    expect(await code(damaged(jpeg(MAX + 1)))).toEqual({ code: "IMAGE_INVALID", field: "photo_damage" });
    // nothing of the refused attempts was kept
    expect(await remindersOf(van.id)).toHaveLength(0);
    const ok = await damaged(jpeg(MAX));
    const item = ok.items.find((i) => i.item_id === "damage")!;
    expect(item).toMatchObject({ ok: false, photo_type: "image/jpeg" });
    expect(item.photo_key).toContain(`${org.orgId}/checks/`);
    expect(await remindersOf(van.id)).toHaveLength(1);
    // a photo on a failed item that does not ask for one is kept too; on a passed item it is ignored
    const again = await submitCheck(ctx, p, {
      vehicle_id: van.id,
      answers: answers(items, { lights: { ok: false, photo: jpeg(100) } }),
    });
    expect(again.items.find((i) => i.item_id === "lights")?.photo_key).not.toBeNull();
  });

  it("every item must be answered; the vehicle is the driver's own or one they may see", async () => {
    const { p, van } = await driverWithVan();
    const items = await checklist(ctx, org.orgId);
    const partial = answers(items);
    delete partial.lights;
    expect(await code(submitCheck(ctx, p, { vehicle_id: null, answers: partial }))).toEqual({
      code: "VALIDATION",
      field: "result_lights",
    });
    const walker = await principalFor(ctx, (await createUser(ctx, { org, role: "driver", driver: true })).id);
    expect(await code(submitCheck(ctx, walker, { vehicle_id: null, answers: answers(items) }))).toEqual({
      code: "CHECK_VEHICLE_REQUIRED",
      field: "vehicle_id",
    });
    const elsewhere = await createVehicle(ctx, { org: await createTestOrg(ctx) });
    expect(await code(submitCheck(ctx, p, { vehicle_id: elsewhere.id, answers: answers(items) }))).toEqual({
      code: "VALIDATION",
      field: "vehicle_id",
    });
    expect((await submitCheck(ctx, p, { vehicle_id: van.id, answers: answers(items) })).vehicle_id).toBe(van.id);
  });
});
