import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestOrg, type TestOrg } from "../support/context";
import { FormClient, startTestServer, type TestServer } from "../support/server";

let srv: TestServer;
let org: TestOrg;

beforeAll(async () => {
  srv = await startTestServer();
  org = await createTestOrg(srv.ctx, { demo: true });
});
afterAll(async () => srv?.close());

const INVALID_EN = "This tracking link is invalid or has expired";
const INVALID_AL = "Kjo lidhje gjurmimi është e pavlefshme ose ka skaduar";

describe("public integrations routes (/int…, spec section 2), without JavaScript", () => {
  it("serves /int/order-track to a visitor without a session: 200, no redirect, no banner, the invalid-link state", async () => {
    const c = new FormClient(srv.url);
    const res = await c.get("/int/order-track?token=not-a-real-token");
    expect(res.status).toBe(200);
    expect(res.headers.get("location")).toBeNull();
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-robots-tag")).toContain("noindex");
    const html = await res.text();
    expect(html).toContain('data-testid="int-shell"');
    expect(html).toContain('data-testid="order-track"');
    expect(html).toContain('data-state="invalid"');
    expect(html).toContain(INVALID_AL); // Albanian is the default language
    expect(html).toContain('data-testid="language-switch"');
    expect(html).not.toContain('data-testid="mobile-banner"');
    expect(html).not.toContain('class="topbar"');
    // The token handoff and the login redirect leave /int alone.
    expect(c.cookies.has("flota_session")).toBe(false);
  });

  it("shows the same state without any token, in English with ?lng=en", async () => {
    const res = await new FormClient(srv.url).get("/int/order-track?lng=en");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(INVALID_EN);
  });

  it("shows a signed-in user the same public page, without the app chrome or the user's data", async () => {
    const c = new FormClient(srv.url);
    await c.login(org.adminEmail, org.adminPassword);
    const res = await c.get("/int/order-track?token=abc");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(INVALID_EN); // the admin's default language is English
    expect(html).not.toContain('class="topbar"');
    expect(html).not.toContain('data-testid="logout"');
    expect(html).not.toContain('data-testid="mobile-banner"');
    expect(html).not.toContain(org.adminEmail);
    expect(html).not.toMatch(/"permissions"/);
  });

  it("answers an unknown /int address with a public 404 page in the visitor's language, never a redirect", async () => {
    const c = new FormClient(srv.url);
    for (const path of ["/int/unknown", "/int", "/int/order-track/extra", "/integrations-x"]) {
      const res = await c.get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("location"), path).toBeNull();
      const html = await res.text();
      expect(html, path).toContain('data-testid="int-shell"');
      expect(html, path).toContain("Kjo faqe nuk ekziston.");
      expect(html, path).not.toContain('data-testid="mobile-banner"');
      expect(html, path).not.toContain('href="/manage"');
    }
    const en = await c.get("/int/unknown?lng=en");
    expect(await en.text()).toContain("This page does not exist.");
  });

  it("leaves an access token in the address of an /int page alone: no session, no login redirect", async () => {
    const c = new FormClient(srv.url);
    const res = await c.get("/int/order-track?access_token=some-token&type=admin&user=x");
    expect(res.status).toBe(200);
    expect(c.cookies.has("flota_session")).toBe(false);
  });

  it("still sends other unknown paths to /manage and protected pages to login", async () => {
    const c = new FormClient(srv.url);
    expect((await c.get("/no/such/page")).headers.get("location")).toBe("/manage");
    expect((await c.get("/manage")).headers.get("location")).toMatch(/^\/login/);
  });

  it("switches the language of a public page with a plain form and comes back to it", async () => {
    const c = new FormClient(srv.url);
    const res = await c.post(
      "/preferences",
      { intent: "language", lng: "en", returnTo: "/int/order-track?token=abc" },
      { from: "/int/order-track?token=abc" },
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/int/order-track?token=abc");
    expect(await (await c.get("/int/order-track?token=abc")).text()).toContain(INVALID_EN);
  });
});
