import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../server/seed/seed";
import { type TestOrg } from "../support/context";
import { FormClient, startSignedInBesideOther, type TestServer } from "../support/server";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

let srv: TestServer;
let org: TestOrg;
let other: TestOrg;
let admin: FormClient;

function vehicleForm(fields: Record<string, string>, images = 0) {
  const fd = new FormData();
  fd.set("intent", "save");
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  for (let i = 0; i < images; i++) fd.append("images", new Blob([PNG], { type: "image/png" }), `photo-${i}.png`);
  return fd;
}

function uploadForm(count: number) {
  const fd = new FormData();
  fd.set("intent", "upload");
  for (let i = 0; i < count; i++) fd.append("images", new Blob([PNG], { type: "image/png" }), `photo-${i}.png`);
  return fd;
}

const vehicleByReg = (registration: string) =>
  srv.ctx.db
    .selectFrom("vehicles")
    .selectAll()
    .where("org_id", "=", org.orgId)
    .where("registration", "=", registration)
    .executeTakeFirst();
const vehicleByFleet = (fleet: string) =>
  srv.ctx.db
    .selectFrom("vehicles")
    .selectAll()
    .where("org_id", "=", org.orgId)
    .where("fleet_number", "=", fleet)
    .executeTakeFirstOrThrow();
const imageIds = (vehicleId: string) =>
  srv.ctx.db
    .selectFrom("vehicle_images")
    .select("id")
    .where("vehicle_id", "=", vehicleId)
    .orderBy("created_at")
    .execute()
    .then((r) => r.map((x) => x.id));

beforeAll(async () => {
  ({ srv, org, other, admin } = await startSignedInBesideOther());
});
afterAll(async () => srv?.close());

describe("vehicle list", () => {
  it("redirects /configuration/vehicles to the list", async () => {
    const res = await admin.get("/configuration/vehicles");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/configuration/vehicles/list");
  });

  it("lists, filters by category and pages on the server, with links to details and an add button", async () => {
    const res = await admin.get("/configuration/vehicles/list");
    expect(res.status).toBe(200);
    const html = await res.text();
    const truck = await vehicleByReg("AA 101 AA");
    expect(html).toContain(`href="/configuration/vehicles/details/${truck!.id}"`);
    expect(html).toContain('href="/configuration/vehicles/add"');
    expect(html).toContain("25 in total");
    const van = await vehicleByFleet("F-002");
    expect(van.category).toBe("Van");
    expect(html).toContain(van.registration);
    const trucks = await (await admin.get("/configuration/vehicles/list?category=Truck")).text();
    expect(trucks).toContain("AA 101 AA");
    expect(trucks).not.toContain(van.registration);
    const page2 = await (await admin.get("/configuration/vehicles/list?sort=fleet&dir=asc&page=2")).text();
    expect(page2).toContain("F-021");
    expect(page2).not.toContain("F-001");
  });

  it("renders the list and details in Albanian", async () => {
    const list = await (await admin.get("/configuration/vehicles/list?lng=al")).text();
    for (const word of ["Mjetet", "Targa", "Kategoria", "Kamion", "Furgon", "Veturë", "Shto mjet"])
      expect(list).toContain(word);
    const truck = await vehicleByReg("AA 101 AA");
    const details = await (await admin.get(`/configuration/vehicles/details/${truck!.id}?lng=al`)).text();
    for (const word of ["Numri i shasisë", "Karburanti", "Vëllimi i rezervuarit", "Ekipi", "Imazhet", "Fshi mjetin"])
      expect(details).toContain(word);
    expect(details).not.toMatch(/>(fields|sections|images|details)\.[a-z_]+</);
  });

  it("sends a visitor without a session to login", async () => {
    const res = await new FormClient(srv.url).get("/configuration/vehicles/list");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/login\?next=/);
  });
});

describe("create vehicle without JavaScript", () => {
  it("answers 400 with 'please fill all fields', the field error and every typed value kept", async () => {
    const res = await admin.post(
      "/configuration/vehicles/add",
      vehicleForm({
        registration: "",
        category: "Van",
        identifier_name: "Kept name",
        fleet_number: "F-777",
        country: "Kosovo",
      }),
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("please fill all fields");
    expect(html).toContain("This field is required.");
    expect(html).toContain('value="Kept name"');
    expect(html).toContain('value="F-777"');
    expect(html).toContain('value="Kosovo"');
    expect(html).toMatch(/<option value="Van" selected/);
  });

  it("shows the message in Albanian", async () => {
    const res = await admin.post("/configuration/vehicles/add?lng=al", vehicleForm({ registration: "", category: "" }));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("ju lutem plotësoni të gjitha fushat");
  });

  it("refuses 4 images with 'maximum number of images exceeded' and creates nothing", async () => {
    const res = await admin.post(
      "/configuration/vehicles/add",
      vehicleForm({ registration: "IM 444 AA", category: "Car" }, 4),
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("maximum number of images exceeded");
    expect(html).toContain('value="IM 444 AA"');
    expect(await vehicleByReg("IM 444 AA")).toBeUndefined();
  });

  it("creates the vehicle with its images and redirects to its details", async () => {
    const res = await admin.post(
      "/configuration/vehicles/add",
      vehicleForm({ registration: "nw 100 ab", category: "Truck", fuel: "diesel", vehicle_year: "2021" }, 2),
    );
    expect(res.status).toBe(302);
    const v = await vehicleByReg("NW 100 AB");
    expect(v).toMatchObject({ category: "Truck", fuel: "diesel", vehicle_year: 2021 });
    expect(res.headers.get("location")).toBe(`/configuration/vehicles/details/${v!.id}?created=1`);
    expect(await imageIds(v!.id)).toHaveLength(2);
    const page = await (await admin.get(res.headers.get("location")!)).text();
    expect(page).toContain("Vehicle created.");
    expect(page).toContain('value="NW 100 AB"');
  });

  it("answers 409 with the message beside the field for a registration in use", async () => {
    const res = await admin.post(
      "/configuration/vehicles/add",
      vehicleForm({ registration: "aa 101 aa", category: "Car" }),
    );
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("A vehicle with this registration exists.");
  });

  it("refuses a post without the CSRF token", async () => {
    const res = await admin.post(
      "/configuration/vehicles/add",
      vehicleForm({ registration: "CS 001 RF", category: "Car" }),
      { csrf: null },
    );
    expect(res.status).toBe(403);
    expect(await vehicleByReg("CS 001 RF")).toBeUndefined();
  });
});

describe("vehicle details without JavaScript", () => {
  it("saves edits, keeping values and showing errors on a bad value", async () => {
    const v = await vehicleByFleet("F-002");
    const path = `/configuration/vehicles/details/${v.id}`;
    const bad = await admin.post(
      path,
      vehicleForm({ registration: v.registration, category: "Van", vehicle_year: "1800", size: "3.5t" }),
    );
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("The value is out of range.");
    expect(html).toContain('value="3.5t"');
    const ok = await admin.post(
      path,
      vehicleForm({
        registration: v.registration,
        category: "Van",
        vehicle_year: "2018",
        size: "3.5t",
        electric: "on",
      }),
    );
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe(`${path}?saved=1`);
    expect(await vehicleByReg(v.registration)).toMatchObject({
      vehicle_year: 2018,
      size: "3.5t",
      electric: true,
      fleet_number: null,
    });
  });

  it("uploads images: 4 at once gives the message and saves none, then 2 are stored and served", async () => {
    const v = await vehicleByFleet("F-003");
    const path = `/configuration/vehicles/details/${v.id}`;
    const tooMany = await admin.post(path, uploadForm(4));
    expect(tooMany.status).toBe(400);
    expect(await tooMany.text()).toContain("maximum number of images exceeded");
    expect(await imageIds(v.id)).toHaveLength(0);

    const ok = await admin.post(path, uploadForm(2));
    expect(ok.status).toBe(302);
    const ids = await imageIds(v.id);
    expect(ids).toHaveLength(2);
    const page = await (await admin.get(path)).text();
    for (const id of ids) expect(page).toContain(`src="${path}/images/${id}"`);

    const img = await admin.get(`${path}/images/${ids[0]}`);
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await img.arrayBuffer()).equals(PNG)).toBe(true);

    const twoMore = await admin.post(path, uploadForm(2));
    expect(twoMore.status).toBe(400);
    expect(await imageIds(v.id)).toHaveLength(2);

    const del = await admin.post(path, { intent: "delete-image", imageId: ids[0] });
    expect(del.status).toBe(302);
    expect(await imageIds(v.id)).toEqual([ids[1]]);
  });

  it("deletes a vehicle after the confirmation step", async () => {
    const v = await vehicleByFleet("F-004");
    const path = `/configuration/vehicles/details/${v.id}`;
    const first = await (await admin.get(path)).text();
    expect(first).not.toContain('data-testid="delete-confirm"');
    const confirm = await (await admin.get(`${path}?delete=1`)).text();
    expect(confirm).toContain('data-testid="delete-confirm"');
    expect(confirm).toContain(`Delete vehicle ${v.registration} and its images?`);
    const res = await admin.post(path, { intent: "delete" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/configuration/vehicles/list");
    expect(await vehicleByReg(v.registration)).toBeUndefined();
  });

  it("answers 404 for another organisation's vehicle, its images and a malformed id", async () => {
    const foreign = await srv.ctx.db
      .selectFrom("vehicles")
      .select("id")
      .where("org_id", "=", other.orgId)
      .executeTakeFirstOrThrow();
    const foreignImage = await srv.ctx.db
      .insertInto("vehicle_images")
      .values({
        org_id: other.orgId,
        vehicle_id: foreign.id,
        content_type: "image/png",
        byte_size: PNG.length,
        data: PNG,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect((await admin.get(`/configuration/vehicles/details/${foreign.id}`)).status).toBe(404);
    expect((await admin.get(`/configuration/vehicles/details/${foreign.id}/images/${foreignImage.id}`)).status).toBe(
      404,
    );
    expect((await admin.get("/configuration/vehicles/details/not-a-uuid")).status).toBe(404);
    const post = await admin.post(
      `/configuration/vehicles/details/${foreign.id}`,
      { intent: "delete" },
      { from: "/configuration/vehicles/list" },
    );
    expect(post.status).toBe(404);
    expect(
      await srv.ctx.db.selectFrom("vehicles").select("id").where("id", "=", foreign.id).executeTakeFirst(),
    ).toBeTruthy();
  });
});

describe("a viewer without write permission", () => {
  let viewer: FormClient;
  beforeAll(async () => {
    viewer = new FormClient(srv.url);
    await viewer.login(`viewer@${org.orgId.slice(0, 8)}.test.flota`, DEMO_PASSWORD);
  });

  it("sees a read-only list and details page without add, save, upload or delete", async () => {
    const list = await (await viewer.get("/configuration/vehicles/list")).text();
    expect(list).not.toContain('href="/configuration/vehicles/add"');
    const id = /href="\/configuration\/vehicles\/details\/([0-9a-f-]{36})"/.exec(list)![1];
    const details = await (await viewer.get(`/configuration/vehicles/details/${id}`)).text();
    expect(details).toContain('data-testid="read-only"');
    expect(details).toMatch(/<fieldset disabled=""/);
    expect(details).not.toContain('data-testid="upload-form"');
    expect(details).not.toContain('data-testid="delete-start"');
    expect(details).not.toContain('type="submit" class="button primary"');
  });

  it("gets 403 for the add page and a FORBIDDEN answer when posting an edit anyway", async () => {
    expect((await viewer.get("/configuration/vehicles/add")).status).toBe(403);
    const list = await (await viewer.get("/configuration/vehicles/list")).text();
    const id = /href="\/configuration\/vehicles\/details\/([0-9a-f-]{36})"/.exec(list)![1];
    const before = await srv.ctx.db
      .selectFrom("vehicles")
      .select(["registration", "size"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const res = await viewer.post(
      `/configuration/vehicles/details/${id}`,
      vehicleForm({ registration: before.registration, category: "Car", size: "hacked" }),
    );
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("You are not allowed to do this.");
    expect(
      (await srv.ctx.db.selectFrom("vehicles").select("size").where("id", "=", id).executeTakeFirstOrThrow()).size,
    ).toBe(before.size);
  });
});
