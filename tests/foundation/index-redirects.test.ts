import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSignedIn } from "../support/server";

let env: Awaited<ReturnType<typeof startSignedIn>>;
beforeAll(async () => {
  env = await startSignedIn();
});
afterAll(async () => env?.srv.close());

describe("section index redirects", () => {
  it("go on to each section's default screen, keeping a chosen language so a shared link opens in it", async () => {
    const cases: Array<[string, string]> = [
      ["/alerts", "/alerts/log"],
      ["/alerts?lng=en", "/alerts/log?lng=en"],
      ["/tms?lng=al", "/tms/optimize/list?lng=al"],
      ["/car-sharing?lng=en", "/car-sharing/calendar?lng=en"],
      ["/dashboard?lng=en", "/dashboard/metrics?lng=en"],
      ["/analytics?lng=en", "/analytics/reports/list?lng=en"],
      ["/maintenance?lng=al", "/maintenance/reminders?lng=al"],
      ["/places?lng=en", "/places/points?lng=en"],
      ["/route-planning?lng=en", "/route-planning/scheduled-routes/assign-routes/list?lng=en"],
      ["/route-planning/scheduled-routes?lng=en", "/route-planning/scheduled-routes/assign-routes/list?lng=en"],
      ["/configuration?lng=en", "/configuration/list?lng=en"],
      ["/configuration/vehicles?lng=en", "/configuration/vehicles/list?lng=en"],
      // anything else in the query is not carried over (it belongs to the page it was written for)
      ["/alerts?lng=en&page=3", "/alerts/log?lng=en"],
    ];
    for (const [from, to] of cases) {
      const res = await env.admin.get(from);
      expect(res.status, from).toBe(302);
      expect(res.headers.get("location"), from).toBe(to);
    }
  });

  it("serve the lists at the specification's `list` paths; their parent paths go there with the whole query", async () => {
    const lists: Array<[string, string, string]> = [
      [
        "/route-planning/scheduled-routes/assign-routes",
        "route-planning/scheduled-routes/assign-routes/list",
        "add-job",
      ],
      [
        "/route-planning/scheduled-routes/template-routes",
        "route-planning/scheduled-routes/template-routes/list",
        "add-template",
      ],
      ["/tms/optimize", "tms/optimize/list", "add-plan"],
      ["/video", "video/list", "video-page"],
    ];
    for (const [parent, list, testId] of lists) {
      const page = await env.admin.get(`/${list}?lng=en`);
      expect(page.status, list).toBe(200);
      expect(await page.text(), list).toContain(`data-testid="${testId}"`);
      for (const query of ["", "?lng=en", "?lng=al&page=2"]) {
        const res = await env.admin.get(`${parent}${query}`);
        expect(res.status, parent + query).toBe(302);
        expect(res.headers.get("location"), parent + query).toBe(`/${list}${query}`);
      }
    }
  });
});
