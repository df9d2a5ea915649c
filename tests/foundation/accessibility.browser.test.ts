import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemoAlerts } from "../../server/seed/seed-alerts";
import { seedDemoCarSharing } from "../../server/seed/seed-car-sharing";
import { seedDemoMaintenance } from "../../server/seed/seed-maintenance";
import { seedDemoRoutePlanning } from "../../server/seed/seed-route-planning";
import { seedDemoTms } from "../../server/seed/seed-tms";
import { sql } from "kysely";
import { browserSuite } from "../support/browser-suite";
import type { TestContext } from "../support/context";
import { hasChromium, signInInBrowser } from "../support/browser";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

interface Fault {
  url: string;
  rule: string;
  impact: string;
  nodes: string[];
}

/** Every page the web app serves without a parameter (files and form posts left out). */
async function pagePaths(): Promise<string[]> {
  const buildDir = path.resolve(import.meta.dirname, "../..", process.env.FLOTA_BUILD_DIR ?? "build");
  const build = (await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href)) as ServerBuild;
  const full = (id: string): string => {
    const r = build.routes[id];
    if (!r) return "";
    const parent = r.parentId ? full(r.parentId) : "";
    return r.path ? `${parent.replace(/\/$/, "")}/${r.path}` : parent;
  };
  return (
    [...new Set(Object.keys(build.routes).map((id) => full(id) || "/"))]
      .filter((p) => !p.includes("*") && !p.includes(":"))
      .filter((p) => !/\.(csv|pdf|geojson|json|xlsx|webmanifest|js)$|\/pdf$/.test(p))
      // sign-out and single sign-on hand-offs would end the session the check runs in
      .filter(
        (p) => !["/logout", "/preferences", "/", "/administration/support/end"].includes(p) && !p.startsWith("/auth/"),
      )
      .sort()
  );
}

/** Details and edit pages, each opened on a record of the demo organisation (the first one found). */
async function detailPaths(db: TestContext["db"], orgId: string): Promise<string[]> {
  const first = async (table: string, extra = "") =>
    (
      await sql<{
        id: string;
      }>`SELECT id FROM ${sql.table(table)} WHERE org_id = ${orgId} ${sql.raw(extra)} LIMIT 1`.execute(db)
    ).rows[0]?.id;
  const pages: Array<[string, string | undefined]> = [
    ["/configuration/vehicles/details/:id", await first("vehicles")],
    ["/analytics/reports/vehicle/details/:id", await first("vehicles")],
    ["/configuration/drivers/edit/:id", await first("users", "AND is_driver")],
    ["/configuration/users/update/:id", await first("users", "AND NOT is_driver")],
    ["/places/edit-poi/:id", await first("places", "AND kind = 'poi'")],
    ["/places/edit-geofence/:id", await first("places", "AND kind = 'geofence'")],
    ["/alerts/policies/edit/:id", await first("alert_policies")],
    ["/car-sharing/bookings/:id", await first("bookings")],
    ["/car-sharing/bookings/:id/edit", await first("bookings", "AND status = 'approved'")],
    ["/route-planning/scheduled-routes/assign-routes/edit/:id", await first("route_jobs")],
    ["/tms/orders/:id", await first("tms_orders")],
    ["/tms/orders/edit/:id", await first("tms_orders")],
    ["/maintenance/reminders/edit/:id", await first("maintenance_reminders")],
    ["/maintenance/services/:id", await first("maintenance_services")],
  ];
  return pages.filter(([, id]) => id).map(([pattern, id]) => pattern.replace(":id", id!));
}

async function audit(page: Page): Promise<Array<Omit<Fault, "url">>> {
  // evaluated through the DevTools protocol, so the page's content security policy does not apply to it
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<any> } }).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return result.violations
      .filter((v: any) => v.impact === "serious" || v.impact === "critical")
      .map((v: any) => ({
        rule: v.id,
        impact: v.impact,
        nodes: v.nodes.slice(0, 3).map((n: any) => String(n.target.join(" "))),
      }));
  }, TAGS);
}

describe.skipIf(!hasChromium)("no serious accessibility fault on any page (axe-core, WCAG 2.1 A and AA)", () => {
  const s = browserSuite();
  // every module's demo records, so lists have rows and details pages have something to open
  beforeAll(async () => {
    const db = s.srv.ctx.db;
    await seedDemoAlerts(db, s.org.orgId, [s.org.adminId]);
    await seedDemoCarSharing(db, s.org.orgId, s.org.adminId);
    await seedDemoMaintenance(db, s.org.orgId, s.org.adminId);
    await seedDemoRoutePlanning(db, s.org.orgId);
    await seedDemoTms(db, s.org.orgId);
  });

  for (const lng of ["al", "en"] as const) {
    for (const javaScriptEnabled of [false, true]) {
      it(`every page, ${lng}, JavaScript ${javaScriptEnabled ? "on" : "off"}`, { timeout: 600_000 }, async () => {
        // axe itself needs JavaScript: "off" blocks every script file of the app instead, so the page stays the
        // server's HTML, as a browser without JavaScript shows it
        const context = await s.browser.newContext({ viewport: { width: 1280, height: 900 } });
        const page = await context.newPage();
        if (!javaScriptEnabled) {
          await page.route("**/*", (route) =>
            route.request().resourceType() === "script" ? route.abort() : route.continue(),
          );
        }
        await signInInBrowser(page, s.srv.url, s.org.adminEmail, s.org.adminPassword, `/manage?lng=${lng}`);
        const faults: Fault[] = [];
        const seen = new Set<string>();
        const details = await detailPaths(s.srv.ctx.db, s.org.orgId);
        expect(details.length).toBe(14);
        for (const p of [...(await pagePaths()), ...details]) {
          const res = await page.goto(`${s.srv.url}${p}?lng=${lng}`, { waitUntil: "domcontentloaded" });
          if (!res || res.status() >= 400 || !(res.headers()["content-type"] ?? "").includes("text/html")) continue;
          const landed = new URL(page.url()).pathname;
          if (process.env.A11Y_TRACE) console.log("visit", p, res.status(), landed);
          if (seen.has(landed)) continue;
          seen.add(landed);
          if (javaScriptEnabled) await page.waitForFunction(() => "__reactRouterRouteModules" in window);
          const found = await audit(page);
          if (process.env.A11Y_TRACE) console.log(landed, found.length);
          for (const f of found) faults.push({ url: landed, ...f });
        }
        if (faults.length) console.log(JSON.stringify(faults, null, 1));
        expect(seen.size).toBeGreaterThan(40);
        expect(faults).toEqual([]);
        await context.close();
      });
    }
  }
});
