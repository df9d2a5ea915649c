import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "./browser";
import { createTestOrg, type TestOrg } from "./context";
import { startTestServer, type TestServer } from "./server";

export interface BrowserSuite {
  srv: TestServer;
  org: TestOrg;
  browser: Browser;
}

/**
 * The set-up most browser suites share: a test server and Chromium started side by side, then one organisation
 * (demo data unless told otherwise); both closed after the suite. Call it inside `describe`; the fields are set
 * once `beforeAll` has run.
 */
export function browserSuite(orgOptions: Parameters<typeof createTestOrg>[1] = { demo: true }): BrowserSuite {
  const suite = {} as BrowserSuite;
  beforeAll(async () => {
    [suite.srv, suite.browser] = await Promise.all([startTestServer(), launchBrowser()]);
    suite.org = await createTestOrg(suite.srv.ctx, orgOptions);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.srv?.close();
  });
  return suite;
}
