import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_ADMIN_PASSWORD } from "../../server/config";
import { DEMO_PASSWORD } from "../../server/seed/seed";
import { hashPassword } from "../../server/security/passwords";
import { usesDefaultPassword } from "../../server/modules/users/users.service";
import { principalFor, type TestOrg } from "../support/context";
import { signedInClient, startDemoServer, type TestServer } from "../support/server";

let srv: TestServer;
let org: TestOrg;
let domain: string;

beforeAll(async () => {
  ({ srv, org, domain } = await startDemoServer());
});
afterAll(async () => srv?.close());

const htmlLang = (html: string) => /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1];

describe("profile", () => {
  it("saves the default language, sets the lng cookie and later pages render in that language", async () => {
    const client = await signedInClient(srv, `dispatcher@${domain}`, DEMO_PASSWORD);
    const toEnglish = await client.post("/configuration/profile", {
      intent: "profile",
      first_name: "Dritan",
      last_name: "Shehu",
      phone: "",
      default_language: "en",
    });
    expect(toEnglish.status).toBe(302);
    expect(toEnglish.headers.getSetCookie().some((c) => /^lng=en;/.test(c))).toBe(true);
    const english = await (await client.get("/configuration/list")).text();
    expect(htmlLang(english)).toBe("en");
    expect(english).toContain("Choose what you want to set up.");

    const toAlbanian = await client.post("/configuration/profile", {
      intent: "profile",
      first_name: "Dritan",
      last_name: "Shehu",
      phone: "+355 68 000 1111",
      default_language: "al",
    });
    expect(toAlbanian.headers.getSetCookie().some((c) => /^lng=al;/.test(c))).toBe(true);
    const albanian = await (await client.get("/configuration/list")).text();
    expect(htmlLang(albanian)).toBe("sq");
    expect(albanian).toContain("Zgjidhni çfarë doni të konfiguroni.");
    const row = await srv.ctx.db
      .selectFrom("users")
      .select(["default_language", "phone"])
      .where("email", "=", `dispatcher@${domain}`)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ default_language: "al", phone: "+355 68 000 1111" });
  });

  it("keeps typed values and never echoes passwords after a failed form", async () => {
    const client = await signedInClient(srv, `viewer@${domain}`, DEMO_PASSWORD);
    client.cookies.set("lng", "en");
    const res = await client.post("/configuration/profile", {
      intent: "profile",
      first_name: "",
      last_name: "Kola-Kept",
      default_language: "en",
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("please fill all fields");
    expect(html).toContain('value="Kola-Kept"');

    const pw = await client.post("/configuration/profile", {
      intent: "password",
      current_password: "wrong-secret-9",
      new_password: "brand-new-pass",
      confirm_password: "other-new-pass",
    });
    expect(pw.status).toBe(400);
    const pwHtml = await pw.text();
    expect(pwHtml).toContain("The passwords do not match.");
    expect(pwHtml).not.toMatch(/wrong-secret-9|brand-new-pass|other-new-pass/);
  });

  it("changes the password through the form only with the current password", async () => {
    const client = await signedInClient(srv, `driver@${domain}`, DEMO_PASSWORD);
    client.cookies.set("lng", "en");
    const other = await signedInClient(srv, `driver@${domain}`, DEMO_PASSWORD);
    const wrong = await client.post("/configuration/profile", {
      intent: "password",
      current_password: "not-the-one",
      new_password: "driver-pass-2",
      confirm_password: "driver-pass-2",
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toMatch(/id="current_password-error"[^>]*>.*The current password is wrong\./s);
    expect((await other.get("/configuration/profile")).status).toBe(200);
    const ok = await client.post("/configuration/profile", {
      intent: "password",
      current_password: DEMO_PASSWORD,
      new_password: "driver-pass-2",
      confirm_password: "driver-pass-2",
    });
    expect(ok.status).toBe(302);
    expect((await client.get("/configuration/profile")).status).toBe(200);
    const signedOut = await other.get("/configuration/profile");
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toMatch(/^\/login/);
  });

  it("warns while the signed-in user still has the default administrator password", async () => {
    const admin = await principalFor(srv.ctx, org.adminId);
    expect(await usesDefaultPassword(srv.ctx, admin)).toBe(false);
    const client = await signedInClient(srv, org.adminEmail, org.adminPassword);
    expect(await (await client.get("/configuration/profile")).text()).not.toContain('data-testid="default-password"');

    await srv.ctx.db
      .updateTable("users")
      .set({ password_hash: await hashPassword(DEFAULT_ADMIN_PASSWORD) })
      .where("id", "=", org.adminId)
      .execute();
    expect(await usesDefaultPassword(srv.ctx, admin)).toBe(true);
    const html = await (await client.get("/configuration/profile")).text();
    expect(html).toMatch(/class="alert alert-warn"[^>]*data-testid="default-password"/);
    expect(html).toContain("The administrator account still uses the default password.");
  });
});
