import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiSession } from "../support/api-auth";
import { createTestOrg, type TestOrg } from "../support/context";
import { FormClient, startTestServer, type TestServer } from "../support/server";

let srv: TestServer;
let org: TestOrg;

beforeAll(async () => {
  srv = await startTestServer();
  org = await createTestOrg(srv.ctx, { demo: true });
});
afterAll(async () => srv?.close());

const location = (res: Response) => res.headers.get("location");

describe("routes and redirects (spec section 2)", () => {
  it("sends the root to /manage and a visitor without a session to /login", async () => {
    const c = new FormClient(srv.url);
    expect(location(await c.get("/"))).toBe("/manage");
    const manage = await c.get("/manage");
    expect(manage.status).toBe(302);
    expect(location(manage)).toMatch(/^\/login/);
  });

  it("redirects unknown paths to /manage", async () => {
    const c = new FormClient(srv.url);
    const res = await c.get("/no/such/page");
    expect(location(res)).toBe("/manage");
  });

  it("keeps login, resetPassword and newPassword public", async () => {
    const c = new FormClient(srv.url);
    expect((await c.get("/login")).status).toBe(200);
  });
});

describe("web sign-in without JavaScript", () => {
  it("shows field errors for email and password on failure and clears the saved session", async () => {
    const c = new FormClient(srv.url);
    c.cookies.set("flota_session", "stale-token");
    const res = await c.post("/login", { email: org.adminEmail, password: "wrong-password" });
    expect(res.status).toBe(401);
    const html = await res.text();
    expect(html).toMatch(/id="[^"]*-email-error"/);
    expect(html).toMatch(/id="[^"]*-password-error"/);
    expect(html).toContain("E-mail ose fjalëkalim i gabuar.");
    expect(html).toContain(`value="${org.adminEmail}"`);
    expect(html).not.toContain('value="wrong-password"');
    expect(c.cookies.has("flota_session")).toBe(false);
  });

  it("shows required-field errors for an empty form", async () => {
    const c = new FormClient(srv.url);
    const res = await c.post("/login", { email: "", password: "" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Kjo fushë është e detyrueshme.");
  });

  it("signs in, lands on the role's login redirect and uses the user's default language", async () => {
    const c = new FormClient(srv.url);
    const res = await c.login(org.adminEmail, org.adminPassword);
    expect(location(res)).toBe("/manage");
    expect(c.cookies.get("lng")).toBe("en");
    const page = await c.get("/manage");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="en"');
    expect(html).toContain("Fleet");
  });

  it("uses a custom login redirect from the role options", async () => {
    await srv.ctx.db
      .updateTable("roles")
      .set({ options: JSON.stringify({ redirect_urls: { login: "/configuration/list" } }) })
      .where("org_id", "=", org.orgId)
      .where("key", "=", "viewer")
      .execute();
    const viewer = await srv.ctx.db
      .selectFrom("users")
      .select("email")
      .where("org_id", "=", org.orgId)
      .where("email", "like", "viewer@%")
      .executeTakeFirstOrThrow();
    const c = new FormClient(srv.url);
    const res = await c.login(viewer.email!, "demo-demo");
    expect(location(res)).toBe("/configuration/list");
    // Already signed in: /login sends the user to the role's redirect too.
    expect(location(await c.get("/login"))).toBe("/configuration/list");
  });

  it("does not redirect a signed-in user when the query has type=admin with user or redirect_urls", async () => {
    const c = new FormClient(srv.url);
    await c.login(org.adminEmail, org.adminPassword);
    const res = await c.get("/login?type=admin&user=someone&redirect_urls=%2Fconfiguration%2Flist");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-testid="admin-handoff"');
    expect(html).toContain('href="/configuration/list"');
    // type=admin alone still redirects.
    expect(location(await c.get("/login?type=admin"))).toBe("/manage");
  });

  it("sets the session cookie httpOnly and SameSite", async () => {
    const c = new FormClient(srv.url);
    const page = await c.get("/login");
    const csrf = /name="_csrf" value="([^"]+)"/.exec(await page.text())![1];
    const res = await fetch(`${srv.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: `flota_csrf=${c.cookies.get("flota_csrf")}` },
      body: new URLSearchParams({ _csrf: csrf, email: org.adminEmail, password: org.adminPassword }),
    });
    const session = res.headers.getSetCookie().find((h) => h.startsWith("flota_session="));
    expect(session).toMatch(/; HttpOnly/);
    expect(session).toMatch(/; SameSite=Lax/);
    expect(session).toMatch(/; Path=\//);
  });

  it("refuses a form post without the CSRF token", async () => {
    const c = new FormClient(srv.url);
    const res = await c.post("/login", { email: org.adminEmail, password: org.adminPassword }, { csrf: null });
    expect(res.status).toBe(403);
    expect(c.cookies.has("flota_session")).toBe(false);
  });

  it("logs out with a form post and the session stops working", async () => {
    const c = new FormClient(srv.url);
    await c.login(org.adminEmail, org.adminPassword);
    const token = c.cookies.get("flota_session")!;
    const res = await c.post("/logout", {}, { from: "/manage" });
    expect(location(res)).toBe("/login");
    const api = await fetch(`${srv.url}/api/vehicles`, { headers: { authorization: `Bearer ${token}` } });
    expect(api.status).toBe(401);
  });
});

describe("access token handed over in the URL (spec section 2)", () => {
  it("stores the token as the session and sends the user to login carrying type, user and redirect_urls", async () => {
    const login = await apiSession(srv, org.adminEmail, org.adminPassword, { webLogin: true });
    const c = new FormClient(srv.url);
    const qs = new URLSearchParams({
      access_token: login.access_token,
      expires: "3600",
      user: login.user.id,
      token_type: "Bearer",
      type: "admin",
      redirect_urls: "/configuration/list",
    });
    const res = await c.get(`/manage?${qs}`);
    expect(res.status).toBe(303);
    const target = new URL(location(res)!, srv.url);
    expect(target.pathname).toBe("/login");
    expect(target.searchParams.get("type")).toBe("admin");
    expect(target.searchParams.get("user")).toBe(login.user.id);
    expect(target.searchParams.get("redirect_urls")).toBe("/configuration/list");
    expect(target.searchParams.has("access_token")).toBe(false);
    expect(c.cookies.get("flota_session")).toBe(login.access_token);
    const page = await c.get(target.pathname + target.search);
    expect(await page.text()).toContain('data-testid="admin-handoff"');
  });

  it("goes to login with a message when the handed-over token is not valid (failed external sign-in)", async () => {
    const c = new FormClient(srv.url);
    const res = await c.get("/?access_token=forged&type=admin&user=x");
    const page = await c.get(location(res)!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Hyrja e jashtme dështoi");
    expect(c.cookies.has("flota_session")).toBe(false);
  });
});

describe("error pages", () => {
  it("shows 'not found' and 'no access' pages in both languages inside the app", async () => {
    const viewer = await srv.ctx.db
      .selectFrom("users")
      .select("email")
      .where("org_id", "=", org.orgId)
      .where("email", "like", "viewer@%")
      .executeTakeFirstOrThrow();
    const c = new FormClient(srv.url);
    await c.login(viewer.email!, "demo-demo");
    c.cookies.set("lng", "al");
    const forbidden = await c.get("/configuration/users/list");
    expect(forbidden.status).toBe(403);
    expect(await forbidden.text()).toContain("Nuk keni qasje në këtë faqe.");
    const missing = await c.get("/configuration/vehicles/details/00000000-0000-4000-8000-000000000000");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Kjo faqe nuk ekziston.");
    c.cookies.set("lng", "en");
    expect(await (await c.get("/configuration/users/list")).text()).toContain("You do not have access to this page.");
    expect(
      await (await c.get("/configuration/vehicles/details/00000000-0000-4000-8000-000000000000")).text(),
    ).toContain("This page does not exist.");
  });
});

describe("chrome", () => {
  it("decides the mobile banner badge from the user agent", async () => {
    const get = async (ua: string) => (await fetch(`${srv.url}/login`, { headers: { "user-agent": ua } })).text();
    const ios = await get("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148");
    const android = await get(
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36",
    );
    const desktop = await get("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36");
    for (const html of [ios, android, desktop]) expect(html).toContain("Na gjeni në platformat mobile");
    expect(ios).toContain('data-testid="badge-ios"');
    expect(ios).not.toContain('data-testid="badge-android"');
    expect(android).toContain('data-testid="badge-android"');
    expect(android).not.toContain('data-testid="badge-ios"');
    expect(desktop).not.toContain('data-testid="badge-');
  });

  it("switches language with a plain form and keeps it in a cookie", async () => {
    const c = new FormClient(srv.url);
    const res = await c.post("/preferences", { intent: "language", lng: "en", returnTo: "/login" }, { from: "/login" });
    expect(location(res)).toBe("/login");
    const html = await (await c.get("/login")).text();
    expect(html).toContain("Sign in to Flota");
    expect(html).toContain("Find us on mobile platforms");
  });

  it("reports the running build at /version, which the update bar compares with the page", async () => {
    const body = await (await fetch(`${srv.url}/version`)).json();
    expect(body.version).toBe(srv.ctx.buildId);
  });

  it("answers health and readiness", async () => {
    expect(await (await fetch(`${srv.url}/healthz`)).json()).toEqual({ status: "ok" });
    expect(await (await fetch(`${srv.url}/readyz`)).json()).toEqual({ status: "ready" });
  });
});
