import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestOrg, uniqueEmail, type TestOrg } from "../support/context";
import { FormClient, startTestServer, type TestServer } from "../support/server";
import {
  OIDC_CLIENT_ID,
  OIDC_CLIENT_SECRET,
  UNVERIFIED_PREFIX,
  signInAtProvider,
  startOidcProvider,
} from "./oidc-provider";

let idp: Awaited<ReturnType<typeof startOidcProvider>>;
let srv: TestServer;
let org: TestOrg;
let callbackUrl: string;

beforeAll(async () => {
  idp = await startOidcProvider();
  srv = await startTestServer({
    config: { OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_LABEL: "Test IdP" },
  });
  callbackUrl = `${srv.url}/auth/sso/callback`;
  idp.configure(callbackUrl);
  org = await createTestOrg(srv.ctx);
});
afterAll(async () => {
  await srv?.close();
  await idp?.close();
});

/** Starts single sign-on in a cookie-keeping client and returns where the provider sends the browser back. */
async function throughProvider(login: string) {
  const browser = new FormClient(srv.url);
  browser.cookies.set("lng", "en");
  const start = await browser.get("/auth/sso");
  expect(start.status).toBe(302);
  const authorizationUrl = start.headers.get("location")!;
  const back = await signInAtProvider(authorizationUrl, login, callbackUrl);
  return { browser, authorizationUrl: new URL(authorizationUrl), back };
}

const sessionsOf = (userId: string) =>
  srv.ctx.db.selectFrom("sessions").select(["kind"]).where("user_id", "=", userId).execute();

describe("single sign-on with an OpenID provider (authorization code, PKCE, state, nonce)", () => {
  it("offers the provider on the sign-in page", async () => {
    const page = await (await new FormClient(srv.url).get("/login")).text();
    expect(page).toContain('href="/auth/sso"');
    expect(page).toContain("Test IdP");
  });

  it("signs in the active user with the provider's e-mail, with an sso session, landing on /manage", async () => {
    const { browser, authorizationUrl, back } = await throughProvider(org.adminEmail);
    expect(authorizationUrl.origin).toBe(idp.issuer);
    const q = authorizationUrl.searchParams;
    expect(q.get("redirect_uri")).toBe(callbackUrl);
    expect(q.get("response_type")).toBe("code");
    expect(q.get("code_challenge_method")).toBe("S256");
    expect(q.get("state")?.length).toBeGreaterThan(20);
    expect(q.get("nonce")?.length).toBeGreaterThan(20);
    expect(q.get("scope")).toContain("email");
    expect(back.searchParams.get("state")).toBe(q.get("state"));

    const before = (await sessionsOf(org.adminId)).filter((s) => s.kind === "sso").length;
    const started = Date.now() - 1000;
    const done = await browser.get(back.pathname + back.search);
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/manage");
    expect(browser.cookies.get("flota_session")).toBeTruthy();
    expect(browser.cookies.has("flota_sso")).toBe(false);
    expect((await sessionsOf(org.adminId)).filter((s) => s.kind === "sso").length).toBe(before + 1);
    const { last_login_at } = await srv.ctx.db
      .selectFrom("users")
      .select("last_login_at")
      .where("id", "=", org.adminId)
      .executeTakeFirstOrThrow();
    expect(new Date(last_login_at!).getTime()).toBeGreaterThanOrEqual(started);
    const manage = await browser.get("/manage");
    expect(manage.status).toBe(200);
  });

  it("sends an unknown e-mail back to sign-in with the failure message and no session", async () => {
    const { browser, back } = await throughProvider(uniqueEmail("stranger"));
    const done = await browser.get(back.pathname + back.search);
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/login?error=sso");
    expect(browser.cookies.has("flota_session")).toBe(false);
    const login = await browser.get("/login?error=sso");
    expect(await login.text()).toContain("Single sign-on failed.");
    expect((await browser.get("/manage")).headers.get("location")).toMatch(/^\/login/);
  });

  it("refuses an e-mail the provider marks as unverified", async () => {
    const before = (await sessionsOf(org.adminId)).length;
    const { browser, back } = await throughProvider(`${UNVERIFIED_PREFIX}${org.adminEmail}`);
    const done = await browser.get(back.pathname + back.search);
    expect(done.headers.get("location")).toBe("/login?error=sso");
    expect(browser.cookies.has("flota_session")).toBe(false);
    expect((await sessionsOf(org.adminId)).length).toBe(before);
  });

  it("refuses a callback whose state was tampered with", async () => {
    const before = (await sessionsOf(org.adminId)).length;
    const { browser, back } = await throughProvider(org.adminEmail);
    const tampered = new URL(back);
    tampered.searchParams.set("state", `${back.searchParams.get("state")}x`);
    const done = await browser.get(tampered.pathname + tampered.search);
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/login?error=sso");
    expect(browser.cookies.has("flota_session")).toBe(false);
    expect((await sessionsOf(org.adminId)).length).toBe(before);
  });

  it("refuses a callback from a browser that did not start the sign-in", async () => {
    const { back } = await throughProvider(org.adminEmail);
    const other = new FormClient(srv.url);
    const done = await other.get(back.pathname + back.search);
    expect(done.headers.get("location")).toBe("/login?error=sso");
    expect(other.cookies.has("flota_session")).toBe(false);
  });
});
