import { describe, expect, it } from "vitest";
import { dailySummary, type SummarySegment } from "../../server/modules/analytics/reports/daily-summary";
import { weekday } from "../../server/shared/dates";
import { periodOf, TIME_WINDOWS, windowDays, windowOn } from "../../server/modules/shared/reports/period";

const TZ = "Europe/Tirane";
/** Tuesday 2026-11-24 10:00 in Tirana. */
const NOW = Date.parse("2026-11-24T09:00:00Z");

describe("dashboard time windows (weeks start on Sunday, organisation zone)", () => {
  it("resolves every window of spec section 9", () => {
    const got = Object.fromEntries(TIME_WINDOWS.map((w) => [w, windowDays(w, TZ, NOW)]));
    expect(got).toEqual({
      today: { from: "2026-11-24", to: "2026-11-24" },
      yesterday: { from: "2026-11-23", to: "2026-11-23" },
      this_week: { from: "2026-11-22", to: "2026-11-24" },
      previous_week: { from: "2026-11-15", to: "2026-11-21" },
      previous_7_days: { from: "2026-11-17", to: "2026-11-23" },
      two_weeks_ago: { from: "2026-11-08", to: "2026-11-14" },
      three_weeks_ago: { from: "2026-11-01", to: "2026-11-07" },
      this_month: { from: "2026-11-01", to: "2026-11-24" },
      previous_month: { from: "2026-10-01", to: "2026-10-31" },
      previous_3_months: { from: "2026-08-01", to: "2026-10-31" },
    });
  });

  it("takes the local day: 23:30 UTC on Saturday is already Sunday in Tirana, so a new week", () => {
    const sundayLocal = Date.parse("2026-11-21T23:30:00Z");
    expect(windowDays("today", TZ, sundayLocal)).toEqual({ from: "2026-11-22", to: "2026-11-22" });
    expect(windowDays("this_week", TZ, sundayLocal)).toEqual({ from: "2026-11-22", to: "2026-11-22" });
    expect(windowDays("today", "UTC", sundayLocal)).toEqual({ from: "2026-11-21", to: "2026-11-21" });
  });

  it("a period runs from local midnight to local midnight, 23 hours on the spring DST day", () => {
    const p = periodOf("2026-03-29", "2026-03-29", TZ);
    expect(p.start.toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect((p.end.getTime() - p.start.getTime()) / 3600_000).toBe(23);
    const autumn = periodOf("2026-10-25", "2026-10-25", TZ);
    expect((autumn.end.getTime() - autumn.start.getTime()) / 3600_000).toBe(25);
  });
});

describe("each window's days, seen from a local date", () => {
  it("every window is a period of whole days with Sunday-to-Saturday weeks", () => {
    const today = "2026-11-24"; // a Tuesday
    expect(windowOn("today", today)).toEqual({ from: "2026-11-24", to: "2026-11-24" });
    expect(windowOn("yesterday", today)).toEqual({ from: "2026-11-23", to: "2026-11-23" });
    expect(windowOn("this_week", today)).toEqual({ from: "2026-11-22", to: "2026-11-24" });
    expect(windowOn("previous_week", today)).toEqual({ from: "2026-11-15", to: "2026-11-21" });
    expect(windowOn("previous_7_days", today)).toEqual({ from: "2026-11-17", to: "2026-11-23" });
    expect(windowOn("two_weeks_ago", today)).toEqual({ from: "2026-11-08", to: "2026-11-14" });
    expect(windowOn("three_weeks_ago", today)).toEqual({ from: "2026-11-01", to: "2026-11-07" });
    expect(windowOn("this_month", today)).toEqual({ from: "2026-11-01", to: "2026-11-24" });
    expect(windowOn("previous_month", today)).toEqual({ from: "2026-10-01", to: "2026-10-31" });
    expect(windowOn("previous_3_months", today)).toEqual({ from: "2026-08-01", to: "2026-10-31" });
    // on a Sunday this week is just today, and the previous month across a year end
    expect(windowOn("this_week", "2026-11-22")).toEqual({ from: "2026-11-22", to: "2026-11-22" });
    expect(windowOn("previous_month", "2027-01-15")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
    expect(windowOn("previous_3_months", "2026-03-31")).toEqual({ from: "2025-12-01", to: "2026-02-28" });
    const weekly = ["this_week", "previous_week", "two_weeks_ago", "three_weeks_ago"] as const;
    for (const w of weekly) expect(weekday(windowOn(w, "2026-11-28").from), w).toBe(0);
    for (const w of TIME_WINDOWS) expect(windowOn(w, "2026-11-28").to <= "2026-11-28", w).toBe(true);
  });
});

describe("daily summary per vehicle and local day", () => {
  const seg = (
    kind: SummarySegment["kind"],
    startIso: string,
    endIso: string,
    over: Partial<SummarySegment> = {},
  ): SummarySegment => ({
    vehicleId: "v1",
    kind,
    start: Date.parse(startIso),
    end: Date.parse(endIso),
    distanceM: 0,
    maxSpeedKmh: 0,
    engineS: 0,
    idleS: 0,
    ...over,
  });

  it("puts a trip across local midnight whole on the day it starts, and splits the stops at midnight", () => {
    const p = periodOf("2026-11-17", "2026-11-18", TZ);
    const rows = dailySummary(
      [
        seg("stop", "2026-11-16T23:00:00Z", "2026-11-17T22:40:00Z"), // 00:00–23:40 local on the 17th
        seg("trip", "2026-11-17T22:40:00Z", "2026-11-17T23:30:00Z", {
          distanceM: 42_000,
          maxSpeedKmh: 88,
          engineS: 3000,
          idleS: 120,
        }), // 23:40–00:30
        seg("stop", "2026-11-17T23:30:00Z", "2026-11-18T23:00:00Z"), // 00:30–24:00 on the 18th
      ],
      p,
    );
    expect(rows.map((r) => [r.day, r.trips, r.distanceM, r.drivingS, r.stopS / 60])).toEqual([
      ["2026-11-17", 1, 42_000, 3000 - 120, 23 * 60 + 40],
      ["2026-11-18", 0, 0, 0, 23 * 60 + 30],
    ]);
  });

  it("never gives the 23-hour spring day more than 23 hours, nor the 25-hour autumn day less than 25", () => {
    const spring = dailySummary(
      [seg("stop", "2026-03-28T12:00:00Z", "2026-03-30T12:00:00Z")],
      periodOf("2026-03-29", "2026-03-29", TZ),
    );
    expect(spring[0].stopS / 3600).toBe(23);
    const autumn = dailySummary(
      [seg("stop", "2026-10-24T12:00:00Z", "2026-10-26T12:00:00Z")],
      periodOf("2026-10-25", "2026-10-25", TZ),
    );
    expect(autumn[0].stopS / 3600).toBe(25);
  });

  it("leaves out a trip that starts before the period even when it ends inside", () => {
    const rows = dailySummary(
      [seg("trip", "2026-11-16T22:50:00Z", "2026-11-16T23:20:00Z", { distanceM: 9000 })],
      periodOf("2026-11-17", "2026-11-17", TZ),
    );
    expect(rows).toEqual([]);
  });
});
