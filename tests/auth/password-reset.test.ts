import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_CODE_ATTEMPTS } from "../../server/modules/password-reset/password-reset.schema";
import { CHROMIUM, hasChromium, launchBrowser } from "../support/browser";
import { createTestOrg, uniqueEmail, type TestOrg } from "../support/context";
import { FormClient, startTestServer, type TestServer } from "../support/server";
import { startSmtpServer } from "../support/smtp";
import { addUser, codeFrom, readMail, type TestUser } from "./helpers";

// The browser flow shares this file's server: test servers on one database share the mail queue,
// so two files with job workers would take each other's e-mails.
if (!hasChromium) console.log(`[tests] password reset in Chromium skipped: no browser at ${CHROMIUM}`);

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let srv: TestServer;
let org: TestOrg;

beforeAll(async () => {
  smtp = await startSmtpServer();
  srv = await startTestServer({ config: { SMTP_URL: smtp.url }, withWorkers: true });
  org = await createTestOrg(srv.ctx);
});
afterAll(async () => {
  await srv?.close();
  await smtp?.close();
});

/** A browser without JavaScript, showing pages in English. */
function visitor() {
  const c = new FormClient(srv.url);
  c.cookies.set("lng", "en");
  return c;
}

async function requestCode(c: FormClient, user: TestUser) {
  const res = await c.post("/resetPassword", { intent: "request", email: user.email });
  expect(res.status).toBe(200);
  const page = await res.text();
  const mail = readMail(await smtp.waitFor((m) => m.to.includes(user.email)));
  const code = codeFrom(mail.text);
  if (!code) throw new Error(`no code in the e-mail:\n${mail.text}`);
  return { page, mail, code };
}

const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));
const otherCode = (code: string) => (code === "000000" ? "111111" : "000000");

/** Waits for a later e-mail, so any job enqueued before it has had its turn. */
async function mailBarrier() {
  const user = await addUser(srv.ctx, org, { prefix: "barrier" });
  await requestCode(visitor(), user);
}

async function signIn(email: string, password: string) {
  return (await new FormClient(srv.url).post("/login", { email, password })).status;
}

describe("password reset without JavaScript, e-mail through the job queue and real SMTP", () => {
  it("e-mails an English code, refuses a wrong code, accepts the right one, and only the new password signs in", async () => {
    const user = await addUser(srv.ctx, org, { language: "en" });
    const c = visitor();
    const { page, mail, code } = await requestCode(c, user);
    expect(page).toContain('data-step="code"');
    expect(page).toContain('data-seconds="60"');
    expect(page).not.toMatch(/<button[^>]*disabled[^>]*data-testid="resend"/);
    expect(mailsTo(user.email)).toHaveLength(1);
    expect(mailsTo(user.email)[0].to).toEqual([user.email]);
    expect(mail.subject).toBe(`Your Flota verification code: ${code}`);
    expect(mail.text).toContain("Hello Ana,");
    expect(mail.text).toContain(`/newPassword?email=${encodeURIComponent(user.email)}&code=${code}`);

    const wrong = await c.post("/resetPassword", { intent: "verify", email: user.email, code: otherCode(code) });
    expect(wrong.status).toBe(400);
    const wrongPage = await wrong.text();
    expect(wrongPage).toContain('data-step="code"');
    expect(wrongPage).toContain("The code is wrong.");

    const right = await c.post("/resetPassword", { intent: "verify", email: user.email, code });
    expect(right.status).toBe(200);
    expect(await right.text()).toContain('data-step="password"');

    const mismatch = await c.post("/resetPassword", {
      intent: "complete",
      email: user.email,
      code,
      password: "new-password-1",
      confirm_password: "new-password-2",
    });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("The passwords do not match.");

    const done = await c.post("/resetPassword", {
      intent: "complete",
      email: user.email,
      code,
      password: "new-password-1",
      confirm_password: "new-password-1",
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('data-step="done"');

    expect(await signIn(user.email, "new-password-1")).toBe(302);
    expect(await signIn(user.email, user.password)).toBe(401);
    const reused = await c.post("/resetPassword", {
      intent: "complete",
      email: user.email,
      code,
      password: "third-password",
      confirm_password: "third-password",
    });
    expect(reused.status).toBe(400);
    expect(await signIn(user.email, "third-password")).toBe(401);
  });

  it("writes the e-mail in Albanian for an Albanian user, and its link opens /newPassword with the code filled in", async () => {
    const user = await addUser(srv.ctx, org, { language: "al" });
    const { mail, code } = await requestCode(visitor(), user);
    expect(mail.subject).toBe(`Kodi juaj i verifikimit për Flota: ${code}`);
    expect(mail.text).toContain("Përshëndetje Ana,");
    expect(mail.text).toContain("Kodi është i vlefshëm për 15 minuta.");
    const link = /(http:\/\/\S+\/newPassword\?\S+)/.exec(mail.text)?.[1];
    expect(link).toBeDefined();
    const target = new URL(link!);
    expect(target.origin).toBe(srv.url);

    const c = visitor();
    const pathname = target.pathname + target.search;
    const page = await (await c.get(pathname)).text();
    expect(page).toContain(`value="${code}"`);
    const done = await c.post(pathname, {
      email: user.email,
      code,
      password: "nuk-e-di-123",
      confirm_password: "nuk-e-di-123",
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('data-step="done"');
    expect(await signIn(user.email, "nuk-e-di-123")).toBe(302);
    expect(await signIn(user.email, user.password)).toBe(401);
  });

  it("answers a resend within 60 s with the remaining seconds and sends no second e-mail", async () => {
    const user = await addUser(srv.ctx, org);
    const c = visitor();
    await requestCode(c, user);
    const again = await c.post("/resetPassword", { intent: "resend", email: user.email });
    expect(again.status).toBe(429);
    const page = await again.text();
    const seconds = Number(/data-seconds="(\d+)"/.exec(page)?.[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(page).toContain(`You can ask for a new code in ${seconds} s.`);
    const rows = await srv.ctx.db.selectFrom("password_resets").select("id").where("user_id", "=", user.id).execute();
    expect(rows).toHaveLength(1);
    await mailBarrier();
    expect(mailsTo(user.email)).toHaveLength(1);
  });

  it("refuses an expired code, and the password stays the same", async () => {
    const user = await addUser(srv.ctx, org);
    const c = visitor();
    const { code } = await requestCode(c, user);
    await srv.ctx.db
      .updateTable("password_resets")
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where("user_id", "=", user.id)
      .execute();
    const res = await c.post("/resetPassword", { intent: "verify", email: user.email, code });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("The code has expired. Ask for a new one.");
    const complete = await c.post("/newPassword", {
      email: user.email,
      code,
      password: "new-password-1",
      confirm_password: "new-password-1",
    });
    expect(complete.status).toBe(400);
    expect(await signIn(user.email, user.password)).toBe(302);
  });

  it(`blocks the code after ${MAX_CODE_ATTEMPTS} wrong attempts`, async () => {
    const user = await addUser(srv.ctx, org);
    const c = visitor();
    const { code } = await requestCode(c, user);
    for (let i = 0; i < MAX_CODE_ATTEMPTS - 1; i++) {
      expect(
        (await c.post("/resetPassword", { intent: "verify", email: user.email, code: otherCode(code) })).status,
      ).toBe(400);
    }
    expect((await c.post("/resetPassword", { intent: "verify", email: user.email, code })).status).toBe(200);
    expect(
      (await c.post("/resetPassword", { intent: "verify", email: user.email, code: otherCode(code) })).status,
    ).toBe(400);
    const blocked = await c.post("/resetPassword", { intent: "verify", email: user.email, code });
    expect(blocked.status).toBe(400);
    expect(await blocked.text()).toContain("The code is wrong.");
    const complete = await c.post("/resetPassword", {
      intent: "complete",
      email: user.email,
      code,
      password: "new-password-1",
      confirm_password: "new-password-1",
    });
    expect(complete.status).toBe(400);
    expect(await signIn(user.email, user.password)).toBe(302);
  });

  it("gives an unknown e-mail the same answer as a known one, including the resend delay, and sends nothing", async () => {
    const known = await addUser(srv.ctx, org);
    const unknown = uniqueEmail("nobody");
    const a = visitor();
    const b = visitor();
    const knownRes = await a.post("/resetPassword", { intent: "request", email: known.email });
    const unknownRes = await b.post("/resetPassword", { intent: "request", email: unknown });
    expect(unknownRes.status).toBe(knownRes.status);
    const shape = (html: string, email: string, client: FormClient) =>
      html
        .replaceAll(email, "EMAIL")
        .replaceAll(client.cookies.get("flota_csrf") ?? "-", "CSRF")
        .replace(/\d{13}/g, "TIME");
    expect(shape(await unknownRes.text(), unknown, b)).toBe(shape(await knownRes.text(), known.email, a));

    const knownAgain = await a.post("/resetPassword", { intent: "resend", email: known.email });
    const unknownAgain = await b.post("/resetPassword", { intent: "resend", email: unknown });
    expect(knownAgain.status).toBe(429);
    expect(unknownAgain.status).toBe(429);

    await smtp.waitFor((m) => m.to.includes(known.email));
    await mailBarrier();
    expect(mailsTo(unknown)).toHaveLength(0);
  });

  it("refuses a post without the CSRF token", async () => {
    const res = await visitor().post("/resetPassword", { intent: "request", email: uniqueEmail() }, { csrf: null });
    expect(res.status).toBe(403);
  });

  it("opens both pages for a user who is already signed in", async () => {
    const c = visitor();
    await c.login(org.adminEmail, org.adminPassword);
    const reset = await c.get("/resetPassword");
    expect(reset.status).toBe(200);
    expect(await reset.text()).toContain('data-step="email"');
    const fresh = await c.get("/newPassword?code=123456");
    expect(fresh.status).toBe(200);
    expect(await fresh.text()).toContain('value="123456"');
  });
});

describe.skipIf(!hasChromium)("password reset in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  for (const javaScriptEnabled of [true, false]) {
    it(`resets the password with JavaScript ${javaScriptEnabled ? "on" : "off"}, then signs in with the new one`, async () => {
      const user = await addUser(srv.ctx, org, { language: "en" });
      const newPassword = `browser-pass-${javaScriptEnabled ? "js" : "nojs"}`;
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(`${srv.url}/login`);
      await page.click('a[href="/resetPassword"]');
      await page.waitForSelector('[data-step="email"]');
      await page.fill('[data-step="email"] input[name="email"]', user.email);
      await page.click('[data-step="email"] button[type="submit"]');

      await page.waitForSelector('[data-step="code"]');
      const resend = page.locator('[data-testid="resend"]');
      if (javaScriptEnabled) {
        expect(await resend.isDisabled()).toBe(true);
        await page.waitForFunction(
          () => Number(document.querySelector('[data-testid="resend-countdown"]')?.getAttribute("data-seconds")) < 60,
        );
        expect(await resend.isDisabled()).toBe(true);
      } else {
        expect(await resend.isDisabled()).toBe(false);
      }

      const mail = readMail(await smtp.waitFor((m) => m.to.includes(user.email)));
      const code = codeFrom(mail.text);
      expect(code).toMatch(/^\d{6}$/);
      await page.fill('input[name="code"]', code === "000000" ? "111111" : "000000");
      await page.click('[data-testid="verify"]');
      await page.waitForSelector('[data-step="code"] .field-error');
      await page.fill('input[name="code"]', code!);
      await page.click('[data-testid="verify"]');

      await page.waitForSelector('[data-step="password"]');
      await page.fill('input[name="password"]', newPassword);
      await page.fill('input[name="confirm_password"]', newPassword);
      await page.click('[data-step="password"] button[type="submit"]');
      await page.waitForSelector('[data-step="done"]');

      await page.click('[data-testid="to-login"]');
      await page.waitForSelector('input[name="password"]');
      await page.fill('input[name="email"]', user.email);
      await page.fill('input[name="password"]', newPassword);
      await page.click('form:has(input[name="password"]) button[type="submit"]');
      await page.waitForURL(`${srv.url}/manage`, { waitUntil: "commit" });
      expect((await context.cookies()).some((c) => c.name === "flota_session")).toBe(true);
      await context.close();
    });
  }
});
