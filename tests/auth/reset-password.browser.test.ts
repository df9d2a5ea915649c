import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, hasChromium, launchBrowser } from "../support/browser";
import { createTestOrg, type TestOrg } from "../support/context";
import { startTestServer, type TestServer } from "../support/server";
import { startSmtpServer } from "../support/smtp";
import { addUser, codeFrom, readMail } from "./helpers";

if (!hasChromium) console.log(`[tests] password reset in Chromium skipped: no browser at ${CHROMIUM}`);

describe.skipIf(!hasChromium)("password reset in Chromium", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let srv: TestServer;
  let org: TestOrg;
  let browser: Browser;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    [srv, browser] = await Promise.all([startTestServer({ config: { SMTP_URL: smtp.url }, withWorkers: true }), launchBrowser()]);
    org = await createTestOrg(srv.ctx);
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
    await smtp?.close();
  });

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
        await page.waitForFunction(() => Number(document.querySelector('[data-testid="resend-countdown"]')?.getAttribute("data-seconds")) < 60);
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
      await page.click('button[type="submit"]');
      await page.waitForURL(`${srv.url}/manage`);
      await context.close();
    });
  }
});
