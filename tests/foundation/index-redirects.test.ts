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
      ["/tms?lng=al", "/tms/optimize?lng=al"],
      ["/car-sharing?lng=en", "/car-sharing/calendar?lng=en"],
      ["/dashboard?lng=en", "/dashboard/metrics?lng=en"],
      ["/analytics?lng=en", "/analytics/reports/list?lng=en"],
      ["/maintenance?lng=al", "/maintenance/reminders?lng=al"],
      ["/places?lng=en", "/places/points?lng=en"],
      ["/route-planning?lng=en", "/route-planning/scheduled-routes/assign-routes?lng=en"],
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
});
