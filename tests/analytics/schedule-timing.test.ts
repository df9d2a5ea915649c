import { describe, expect, it } from "vitest";
import {
  latestDue,
  runKey,
  runPeriod,
  type ScheduleTiming,
} from "../../server/modules/analytics/schedules/schedule-timing";

const TZ = "Europe/Tirane";
const weeklyMonday7: ScheduleTiming = {
  hour: 7,
  interval: "weekly",
  weekday: 1,
  monthDay: null,
  timeRange: "previous_week",
};

describe("when a scheduled report is due", () => {
  it("every Monday at 07:00 local time, for the previous Sunday-to-Saturday week", () => {
    // Monday 2026-11-23 07:00 in Tirana is 06:00 UTC
    const justBefore = latestDue(weeklyMonday7, TZ, new Date("2026-11-23T05:59:59Z"));
    expect(justBefore.day).toBe("2026-11-16");
    const atTheHour = latestDue(weeklyMonday7, TZ, new Date("2026-11-23T06:00:00Z"));
    expect(atTheHour).toEqual({ day: "2026-11-23", at: new Date("2026-11-23T06:00:00Z") });
    expect(runPeriod(weeklyMonday7, TZ, atTheHour.at)).toEqual({ from: "2026-11-15", to: "2026-11-21" });
  });

  it("after three days down, catches up only the latest run, for the period it would have covered", () => {
    const due = latestDue(weeklyMonday7, TZ, new Date("2026-11-26T10:00:00Z"));
    expect(due.day).toBe("2026-11-23");
    expect(runKey("s1", due.day)).toBe("s1:2026-11-23");
    expect(runPeriod(weeklyMonday7, TZ, due.at)).toEqual({ from: "2026-11-15", to: "2026-11-21" });
  });

  it("daily at 00:00 for yesterday, monthly on the 1st for the previous month, across the DST change", () => {
    const daily: ScheduleTiming = { hour: 0, interval: "daily", weekday: null, monthDay: null, timeRange: "yesterday" };
    const d = latestDue(daily, TZ, new Date("2026-03-29T12:00:00Z"));
    expect(d).toEqual({ day: "2026-03-29", at: new Date("2026-03-28T23:00:00Z") });
    expect(runPeriod(daily, TZ, d.at)).toEqual({ from: "2026-03-28", to: "2026-03-28" });
    const monthly: ScheduleTiming = {
      hour: 6,
      interval: "monthly",
      weekday: null,
      monthDay: 1,
      timeRange: "previous_month",
    };
    const m = latestDue(monthly, TZ, new Date("2026-11-24T09:00:00Z"));
    expect(m.day).toBe("2026-11-01");
    expect(runPeriod(monthly, TZ, m.at)).toEqual({ from: "2026-10-01", to: "2026-10-31" });
  });
});
