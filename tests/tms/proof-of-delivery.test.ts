import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "../../server/modules/access/principal";
import { createTestOrg, principalFor, type TestOrg } from "../support/context";
import { createUser, createTmsOrder, createTruck } from "../support/factories";
import { FormClient, signedInClient, startTestServer, type TestServer } from "../support/server";

/** UPLOAD_MAX_IMAGE_BYTES of this server, small to try the boundary. */
const MAX = 4096;
let srv: TestServer;
let org: TestOrg;
let admin: Principal & { token: string };
let driver: Awaited<ReturnType<typeof createUser>>;
let driverP: Principal & { token: string };
let truckId: string;

beforeAll(async () => {
  srv = await startTestServer({ config: { UPLOAD_MAX_IMAGE_BYTES: String(MAX) } });
  org = await createTestOrg(srv.ctx);
  admin = await principalFor(srv.ctx, org.adminId);
  driver = await createUser(srv.ctx, { org, role: "driver", driver: true, language: "al" });
  driverP = await principalFor(srv.ctx, driver.id);
  truckId = (await createTruck(srv.ctx, org, { driver: driver.id, registration: "TR 500 AA" })).id;
});
afterAll(async () => srv?.close());

const png = (size: number) => {
  const b = Buffer.alloc(size, 1);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return b;
};

/** An order on the driver's truck, started (dispatched) unless told otherwise. */
async function startedOrder(status: "STARTED" | "PENDING" | "FINISHED" = "STARTED", vehicleId = truckId) {
  const o = await createTmsOrder(srv.ctx, admin);
  await srv.ctx.db
    .updateTable("tms_orders")
    .set({ status, vehicle_id: vehicleId, sequence: 1 })
    .where("id", "=", o.id)
    .execute();
  return o;
}

function proofForm(fields: {
  recipient_name?: string;
  photo?: Buffer | null;
  type?: string;
  lat?: string;
  lon?: string;
}) {
  const form = new FormData();
  if (fields.recipient_name !== undefined) form.set("recipient_name", fields.recipient_name);
  if (fields.photo)
    form.set("photo", new Blob([new Uint8Array(fields.photo)], { type: fields.type ?? "image/png" }), "pod.png");
  if (fields.lat !== undefined) form.set("latitude", fields.lat);
  if (fields.lon !== undefined) form.set("longitude", fields.lon);
  return form;
}

const postProof = (orderId: string, form: FormData, token = driverP.token) =>
  fetch(`${srv.url}/api/tms/orders/${orderId}/proof-of-delivery`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });

const errorOf = async (res: Response) => ({ status: res.status, ...((await res.json()) as { error: string }) });

describe("POST /api/tms/orders/:id/proof-of-delivery", () => {
  it("needs the recipient's name (not blank, at most 120 characters) and a photo", async () => {
    const o = await startedOrder();
    expect(await errorOf(await postProof(o.id, proofForm({ photo: png(200) })))).toMatchObject({
      status: 400,
      error: "RECIPIENT_REQUIRED",
    });
    expect(await errorOf(await postProof(o.id, proofForm({ recipient_name: "   ", photo: png(200) })))).toMatchObject({
      error: "RECIPIENT_REQUIRED",
    });
    expect(
      await errorOf(await postProof(o.id, proofForm({ recipient_name: "x".repeat(121), photo: png(200) }))),
    ).toMatchObject({ error: "VALIDATION" });
    expect(await errorOf(await postProof(o.id, proofForm({ recipient_name: "Arta" })))).toMatchObject({
      error: "PHOTO_REQUIRED",
    });
  });

  it("takes a JPEG, PNG or WebP of at most UPLOAD_MAX_IMAGE_BYTES, by its bytes", async () => {
    const o = await startedOrder();
    const gif = Buffer.from("GIF89a.....................");
    expect(
      await errorOf(await postProof(o.id, proofForm({ recipient_name: "Arta", photo: gif, type: "image/png" }))),
    ).toMatchObject({ error: "IMAGE_INVALID" });
    expect(
      await errorOf(await postProof(o.id, proofForm({ recipient_name: "Arta", photo: png(MAX + 1) }))),
    ).toMatchObject({ error: "IMAGE_INVALID" });
    const res = await postProof(
      o.id,
      proofForm({ recipient_name: "x".repeat(120), photo: png(MAX), lat: "41.3275", lon: "19.8187" }),
    );
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ orderId: o.id, recipientName: "x".repeat(120), latitude: 41.3275 });
  });

  it("proves a started order once and finishes it by the driver; the photo is stored in the media store", async () => {
    const o = await startedOrder();
    const photo = png(1500);
    const res = await postProof(o.id, proofForm({ recipient_name: "  Arta Hoxha ", photo }));
    expect(res.status).toBe(201);
    const row = await srv.ctx.db
      .selectFrom("tms_orders")
      .select(["status", "finished_by"])
      .where("id", "=", o.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "FINISHED", finished_by: "driver" });
    const pod = await srv.ctx.db
      .selectFrom("tms_proofs_of_delivery")
      .selectAll()
      .where("order_id", "=", o.id)
      .executeTakeFirstOrThrow();
    expect(pod).toMatchObject({ recipient_name: "Arta Hoxha", photo_type: "image/png", photo_bytes: 1500 });
    expect(await errorOf(await postProof(o.id, proofForm({ recipient_name: "Again", photo })))).toMatchObject({
      status: 409,
      error: "PROOF_OF_DELIVERY_EXISTS",
    });
    const got = await fetch(`${srv.url}/api/tms/orders/${o.id}/proof-of-delivery`, {
      headers: { authorization: `Bearer ${driverP.token}` },
    });
    expect(await got.json()).toMatchObject({ recipientName: "Arta Hoxha", latitude: null });
  });

  it("refuses a pending order, and anyone but the truck's driver or a planner", async () => {
    expect(
      await errorOf(
        await postProof((await startedOrder("PENDING")).id, proofForm({ recipient_name: "A", photo: png(100) })),
      ),
    ).toMatchObject({ status: 409, error: "ORDER_TRANSITION_INVALID" });
    const stranger = await createUser(srv.ctx, { org, role: "driver", driver: true });
    const token = (await principalFor(srv.ctx, stranger.id)).token;
    const o = await startedOrder();
    expect(
      await errorOf(await postProof(o.id, proofForm({ recipient_name: "A", photo: png(100) }), token)),
    ).toMatchObject({
      status: 403,
      error: "NOT_YOUR_ORDER",
    });
    // the planner (tms:write) may record it for the driver
    expect((await postProof(o.id, proofForm({ recipient_name: "A", photo: png(100) }), admin.token)).status).toBe(201);
  });
});

describe("the pages (no JavaScript)", () => {
  it("the driver proves a delivery with the form; the order's details page shows the name and the photo", async () => {
    const o = await startedOrder();
    const phone = await signedInClient(srv, driver.email!, driver.password);
    const page = await phone.get(`/driver/orders/${o.id}/delivery`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('encType="multipart/form-data"');
    expect(html).toContain("Emri i marrësit");
    // blank name: the page again, with the error and nothing stored
    const refused = await phone.post(
      `/driver/orders/${o.id}/delivery`,
      proofForm({ recipient_name: "", photo: png(300) }),
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Shkruani emrin e marrësit.");
    const sent = await phone.post(
      `/driver/orders/${o.id}/delivery`,
      proofForm({ recipient_name: "Besa Kola", photo: png(300) }),
    );
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe(`/driver/orders/${o.id}/delivery?delivered=1`);

    const office = await signedInClient(srv, org.adminEmail, org.adminPassword);
    const details = await (await office.get(`/tms/orders/${o.id}`)).text();
    expect(details).toContain('data-testid="proof-of-delivery"');
    expect(details).toContain("Besa Kola");
    expect(details).toContain(`/tms/orders/${o.id}/proof-of-delivery/photo`);
    const photo = await office.get(`/tms/orders/${o.id}/proof-of-delivery/photo`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await photo.arrayBuffer()).equals(png(300))).toBe(true);
    // an order without a proof shows none
    const bare = await (await office.get(`/tms/orders/${(await startedOrder()).id}`)).text();
    expect(bare).not.toContain('data-testid="proof-of-delivery"');
  });

  it("the vehicle check form: a failed tyre becomes a maintenance reminder; the page says what was sent", async () => {
    const phone: FormClient = await signedInClient(srv, driver.email!, driver.password);
    const page = await (await phone.get("/driver/check")).text();
    expect(page).toContain("Kontrolli i mjetit");
    expect(page).toContain('name="result_tyres"');
    const form = new FormData();
    form.set("result_lights", "pass");
    form.set("result_tyres", "fail");
    form.set("note_tyres", "E shpuar");
    form.set("result_damage", "fail");
    // damage asks for a photo: refused, the answers shown again
    const refused = await phone.post("/driver/check", form);
    expect(refused.status).toBe(400);
    const again = await refused.text();
    expect(again).toContain("Shtoni një foto.");
    expect(again).toContain("E shpuar");
    form.set("result_damage", "pass");
    const sent = await phone.post("/driver/check", form);
    expect(sent.status).toBe(302);
    const done = await (await phone.get(sent.headers.get("location")!)).text();
    expect(done).toContain('data-testid="check-sent"');
    expect(done).toContain("TR 500 AA");
    const reminders = await srv.ctx.db
      .selectFrom("maintenance_reminders")
      .select("name")
      .where("vehicle_id", "=", truckId)
      .execute();
    expect(reminders.map((r) => r.name)).toEqual(["Kontrolli i mjetit: Gomat"]);
  });
});

describe("/api/push and /api/vehicle-checks", () => {
  it("answer the public key, store and remove a subscription, give the checklist in the user's language", async () => {
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${srv.url}${path}`, {
        ...init,
        headers: { "content-type": "application/json", authorization: `Bearer ${driverP.token}` },
      });
    const key = await (await api("/api/push/public-key")).json();
    expect(Buffer.from(key.publicKey, "base64url")).toHaveLength(65);
    const sub = { endpoint: "https://203.0.113.10/push/abc", keys: { p256dh: "BPcN", auth: "c2VjcmV0" } };
    expect((await api("/api/push/subscriptions", { method: "POST", body: JSON.stringify(sub) })).status).toBe(201);
    const del = () =>
      api("/api/push/subscriptions", { method: "DELETE", body: JSON.stringify({ endpoint: sub.endpoint }) });
    expect((await del()).status).toBe(204);
    expect((await del()).status).toBe(404);
    const list = await (await api("/api/vehicle-checks")).json();
    expect(list.items.map((i: { name: string }) => i.name)).toEqual(["Dritat", "Gomat", "Dëmtime të karrocerisë"]);
    expect(list.ownVehicleId).toBe(truckId);
    const posted = await fetch(`${srv.url}/api/vehicle-checks`, {
      method: "POST",
      headers: { authorization: `Bearer ${driverP.token}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ result_lights: "pass", result_tyres: "pass", result_damage: "pass" }),
    });
    expect(posted.status).toBe(201);
    expect(await posted.json()).toMatchObject({ vehicleId: truckId, passed: true });
  });
});

describe("the checklist editor (Maintenance → Vehicle check, no JavaScript)", () => {
  it("saves the organisation's own list; a driver then answers it; the page lists the checks with their problems", async () => {
    const other = await createTestOrg(srv.ctx);
    const office = await signedInClient(srv, other.adminEmail, other.adminPassword);
    const page = await (await office.get("/maintenance/vehicle-check")).text();
    expect(page).toContain('name="label_3"');
    // keep tyres (renamed), drop lights, keep damage, add one
    const saved = await office.post("/maintenance/vehicle-check", {
      rows: "5",
      preset_0: "lights",
      label_0: "",
      remove_0: "on",
      preset_1: "tyres",
      label_1: "Tyre pressure",
      preset_2: "damage",
      label_2: "",
      photo_2: "on",
      preset_3: "",
      label_3: "Fire extinguisher",
      preset_4: "",
      label_4: "",
    });
    expect(saved.status).toBe(200);
    const items = await srv.ctx.db
      .selectFrom("vehicle_check_items")
      .select(["preset", "label", "photo"])
      .where("org_id", "=", other.orgId)
      .orderBy("position")
      .execute();
    expect(items).toEqual([
      { preset: "tyres", label: "Tyre pressure", photo: false },
      { preset: "damage", label: null, photo: true },
      { preset: null, label: "Fire extinguisher", photo: false },
    ]);
    // an empty list is refused, the saved one stays
    const refused = await office.post("/maintenance/vehicle-check", { rows: "1", preset_0: "", label_0: "" });
    expect(refused.status).toBe(400);
    expect(
      await srv.ctx.db.selectFrom("vehicle_check_items").select("id").where("org_id", "=", other.orgId).execute(),
    ).toHaveLength(3);
    // a driver of that organisation checks a van and reports the extinguisher missing
    const d = await createUser(srv.ctx, { org: other, role: "driver", driver: true, language: "en" });
    await createTruck(srv.ctx, other, { driver: d.id, registration: "EX 1 AA" });
    const phone = await signedInClient(srv, d.email!, d.password);
    const keys = (await (await phone.get("/driver/check")).text()).match(/name="result_([0-9a-f-]{36})"/g) ?? [];
    const ids = [...new Set(keys.map((k) => k.slice(13, -1)))];
    expect(ids).toHaveLength(3);
    const form: Record<string, string> = {};
    for (const id of ids) form[`result_${id}`] = "pass";
    form[`result_${ids[2]}`] = "fail";
    expect((await phone.post("/driver/check", form)).status).toBe(302);
    const list = await (await office.get("/maintenance/vehicle-check")).text();
    expect(list).toContain("EX 1 AA");
    expect(list).toContain("Problems: Fire extinguisher");
  });
});
