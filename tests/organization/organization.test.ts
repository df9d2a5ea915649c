import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../server/seed/seed";
import { type TestOrg } from "../support/context";
import { signedInClient, startDemoServer, type TestServer } from "../support/server";

let srv: TestServer;
let org: TestOrg;
let domain: string;

beforeAll(async () => {
  ({ srv, org, domain } = await startDemoServer());
});
afterAll(async () => srv?.close());

const company = {
  name: "Transport Shqipëria",
  legal_name: "Transport Shqipëria sh.p.k.",
  business_number: "L91234567A",
  fiscal_number: "K98765432B",
  country: "Albania",
  province: "Tiranë",
  region: "Qendër",
  city: "Tiranë",
  postal_code: "1001",
  address: "Rruga e Kavajës 10",
  phone: "+355 4 222 3333",
  email: "support@transport.example",
};

describe("company details", () => {
  it("saves every field for an administrator and shows the support e-mail on the help page", async () => {
    const admin = await signedInClient(srv, org.adminEmail, org.adminPassword);
    const res = await admin.post("/configuration/organization", company);
    expect(res.status).toBe(200);
    const row = await srv.ctx.db
      .selectFrom("organizations")
      .selectAll()
      .where("id", "=", org.orgId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject(company);

    const viewer = await signedInClient(srv, `viewer@${domain}`, DEMO_PASSWORD);
    const help = await (await viewer.get("/configuration/help")).text();
    expect(help).toContain('href="mailto:support@transport.example"');
    expect(help).toContain("<code>127.0.0.1:5027</code> (TCP, UDP)");
    expect(help).toContain("<code>127.0.0.1:5023</code> (TCP)");
    // every device family the gateways speak is listed with its port
    for (const port of [5013, 5004, 5015, 5039, 5001, 5046, 5020, 5011, 5034]) {
      expect(help).toContain(`<code>127.0.0.1:${port}</code> (TCP)`);
    }
    expect(help).toContain("JT/T 808");
    expect(help).toContain("<code>127.0.0.1:5055</code> (HTTP)");
    // where addresses come from, with the gazetteer's licence (GeoNames, CC BY 4.0); no geocoder in tests
    expect(help).toContain('data-testid="help-addresses"');
    expect(help).toContain("GeoNames (geonames.org), licensed under Creative Commons Attribution 4.0.");
    expect(help).toContain("no geocoder for street addresses");
    viewer.cookies.set("lng", "al");
    const albanian = await (await viewer.get("/configuration/help")).text();
    expect(albanian).toContain('<html lang="sq"');
    expect(albanian).toContain("Lidhja e një pajisjeje GPS");
    expect(albanian).toContain("Vendbanimet: GeoNames (geonames.org), me licencë Creative Commons Attribution 4.0.");
    expect(albanian).toContain("Për ndihmë, shkruani te Transport Shqipëria:");
  });

  it("requires the name and keeps the typed values", async () => {
    const admin = await signedInClient(srv, org.adminEmail, org.adminPassword);
    admin.cookies.set("lng", "en");
    const res = await admin.post("/configuration/organization", { ...company, name: "", city: "Durrës-Kept" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("please fill all fields");
    expect(html).toContain('value="Durrës-Kept"');
    const row = await srv.ctx.db
      .selectFrom("organizations")
      .select("city")
      .where("id", "=", org.orgId)
      .executeTakeFirstOrThrow();
    expect(row.city).not.toBe("Durrës-Kept");
  });

  it("is read-only for a fleet manager, and the manager's post is refused", async () => {
    const manager = await signedInClient(srv, `manager@${domain}`, DEMO_PASSWORD);
    const page = await manager.get("/configuration/organization");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<fieldset disabled=""/);
    const form = /<form[^>]*data-testid="organization-form"[^>]*>(.*?)<\/form>/s.exec(html)?.[1] ?? "";
    expect(form).toContain('value="Transport Shqipëria"');
    expect(form).not.toContain('type="submit"');
    const res = await manager.post("/configuration/organization", { ...company, name: "Hijacked" });
    expect(res.status).toBe(403);
    const row = await srv.ctx.db
      .selectFrom("organizations")
      .select("name")
      .where("id", "=", org.orgId)
      .executeTakeFirstOrThrow();
    expect(row.name).not.toBe("Hijacked");
  });

  it("is closed to a viewer", async () => {
    const viewer = await signedInClient(srv, `viewer@${domain}`, DEMO_PASSWORD);
    expect((await viewer.get("/configuration/organization")).status).toBe(403);
  });
});
