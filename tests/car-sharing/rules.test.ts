import { describe, expect, it } from "vitest";
import {
  effectiveRules,
  readDraft,
  timeViolations,
  withinAllowedHours,
  type EffectiveRules,
} from "../../server/modules/car-sharing/booking-rules";
import { ALL_DAY } from "../../server/modules/car-sharing/car-sharing.schema";
import { zonedInstant } from "../../server/shared/dates";
import { NOW, TZ } from "./helpers";

const RULES: EffectiveRules = {
  min_duration_min: 30,
  max_duration_min: 480,
  advance_days: 30,
  max_future_bookings: 3,
  min_lead_min: 0,
  allowed_hours: ALL_DAY,
};
const at = (date: string, time: string) => zonedInstant(date, time, TZ);
const fields = {
  user_id: "7f0c4a4e-6c1e-4b8e-9a51-0d3b2f6a1c11",
  vehicle_id: "7f0c4a4e-6c1e-4b8e-9a51-0d3b2f6a1c12",
  type: "shared",
  destination: "Durrës",
  purpose: "7f0c4a4e-6c1e-4b8e-9a51-0d3b2f6a1c13",
};
const check = (start: string, end: string, rules: Partial<EffectiveRules> = {}) => {
  const { draft } = readDraft({ ...fields, start, end }, TZ);
  return timeViolations(draft, { ...RULES, ...rules }, NOW, TZ).map((v) => v.code);
};

describe("reading a booking", () => {
  it("reports every missing field with its own code, together", () => {
    const { violations } = readDraft({}, TZ);
    expect(violations.map((v) => `${v.field}:${v.code}`)).toEqual([
      "type:TYPE_REQUIRED",
      "user_id:USER_REQUIRED",
      "vehicle_id:VEHICLE_REQUIRED",
      "destination:DESTINATION_REQUIRED",
      "purpose:PURPOSE_REQUIRED",
      "start:FIELD_REQUIRED",
      "end:FIELD_REQUIRED",
    ]);
  });
  it("needs the other reason when the purpose is other", () => {
    expect(
      readDraft({ ...fields, purpose: "other", start: "2030-03-04 10:00", end: "2030-03-04 11:00" }, TZ).violations.map(
        (v) => v.code,
      ),
    ).toEqual(["OTHER_REASON_REQUIRED"]);
    expect(
      readDraft(
        { ...fields, purpose: "other", other_reason: "Airport", start: "2030-03-04 10:00", end: "2030-03-04 11:00" },
        TZ,
      ).violations,
    ).toEqual([]);
  });
  it("reads local times in the organisation's zone and ISO instants, dropping seconds", () => {
    const { draft } = readDraft({ ...fields, start: "2030-03-04 10:00", end: "2030-03-04T09:30:45Z" }, TZ);
    expect(draft.start?.toISOString()).toBe("2030-03-04T09:00:00.000Z");
    expect(draft.end?.toISOString()).toBe("2030-03-04T09:30:00.000Z");
    expect(
      readDraft({ ...fields, start: "tomorrow", end: "2030-03-04 10:00" }, TZ).violations.map((v) => v.code),
    ).toEqual(["dateTime"]);
  });
  it("drops the user from the passengers and repeats", () => {
    const p = "7f0c4a4e-6c1e-4b8e-9a51-0d3b2f6a1c99";
    expect(readDraft({ ...fields, passengers: [p, p, fields.user_id] }, TZ).draft.passengers).toEqual([p]);
  });
});

describe("time rules", () => {
  it("accepts a booking inside every limit", () => expect(check("2030-03-04 10:00", "2030-03-04 11:00")).toEqual([]));
  it("END_BEFORE_START when the end is not after the start (equal too)", () => {
    expect(check("2030-03-04 10:00", "2030-03-04 09:00")).toContain("END_BEFORE_START");
    expect(check("2030-03-04 10:00", "2030-03-04 10:00")).toEqual(["END_BEFORE_START"]);
  });
  it("START_IN_PAST before the current minute; the current minute itself is allowed", () => {
    expect(check("2030-03-04 07:59", "2030-03-04 09:00")).toEqual(["START_IN_PAST"]);
    expect(check("2030-03-04 08:00", "2030-03-04 09:00")).toEqual([]);
  });
  it("ADVANCE_LIMIT_TOO_SHORT inside the lead time; exactly the lead time is allowed", () => {
    expect(check("2030-03-04 08:29", "2030-03-04 09:30", { min_lead_min: 30 })).toEqual(["ADVANCE_LIMIT_TOO_SHORT"]);
    expect(check("2030-03-04 08:30", "2030-03-04 09:30", { min_lead_min: 30 })).toEqual([]);
  });
  it("ADVANCE_LIMIT_EXCEEDED after the last local day of the window", () => {
    expect(check("2030-03-11 23:00", "2030-03-11 23:59", { advance_days: 7 })).toEqual([]);
    expect(check("2030-03-12 00:00", "2030-03-12 01:00", { advance_days: 7 })).toEqual(["ADVANCE_LIMIT_EXCEEDED"]);
  });
  it("DURATION_TOO_SHORT / DURATION_TOO_LONG with the limits themselves allowed", () => {
    expect(check("2030-03-04 10:00", "2030-03-04 10:29")).toEqual(["DURATION_TOO_SHORT"]);
    expect(check("2030-03-04 10:00", "2030-03-04 10:30")).toEqual([]);
    expect(check("2030-03-04 10:00", "2030-03-04 18:00")).toEqual([]);
    expect(check("2030-03-04 10:00", "2030-03-04 18:01")).toEqual(["DURATION_TOO_LONG"]);
  });
  it("OUTSIDE_ALLOWED_HOURS in the organisation's zone, per local weekday", () => {
    const weekdays = ALL_DAY.map((_, d) => (d === 0 || d === 6 ? null : { from: "07:00", to: "19:00" }));
    expect(check("2030-03-05 07:00", "2030-03-05 19:00", { allowed_hours: weekdays, max_duration_min: 720 })).toEqual(
      [],
    );
    expect(check("2030-03-05 06:59", "2030-03-05 08:00", { allowed_hours: weekdays })).toEqual([
      "OUTSIDE_ALLOWED_HOURS",
    ]);
    expect(check("2030-03-05 18:30", "2030-03-05 19:01", { allowed_hours: weekdays })).toEqual([
      "OUTSIDE_ALLOWED_HOURS",
    ]);
    expect(check("2030-03-09 10:00", "2030-03-09 11:00", { allowed_hours: weekdays })).toEqual([
      "OUTSIDE_ALLOWED_HOURS",
    ]);
    // 2030-03-04 08:00 in Tirana is 07:00 UTC: the rule reads local time, not UTC
    expect(withinAllowedHours(at("2030-03-04", "07:00"), at("2030-03-04", "08:00"), weekdays, TZ)).toBe(true);
    expect(withinAllowedHours(at("2030-03-04", "07:00"), at("2030-03-04", "08:00"), weekdays, "UTC")).toBe(false);
  });
  it("a booking over midnight needs both days open up to and from midnight", () => {
    const late = ALL_DAY.map(() => ({ from: "06:00", to: "24:00" }));
    expect(check("2030-03-04 22:00", "2030-03-05 00:00", { allowed_hours: late })).toEqual([]);
    expect(check("2030-03-04 22:00", "2030-03-05 01:00", { allowed_hours: late })).toEqual(["OUTSIDE_ALLOWED_HOURS"]);
  });
  it("reports several violated rules together", () => {
    expect(check("2030-03-04 07:00", "2030-03-04 07:10", { min_lead_min: 30 })).toEqual([
      "START_IN_PAST",
      "DURATION_TOO_SHORT",
    ]);
    expect(check("2030-06-01 10:00", "2030-06-01 10:10")).toEqual(["ADVANCE_LIMIT_EXCEEDED", "DURATION_TOO_SHORT"]);
  });
});

describe("specific rules", () => {
  it("override the general settings column by column, the user's rule beating the team's", () => {
    const team = { min_duration_min: 60, max_duration_min: null, advance_days: 90 };
    const user = { min_duration_min: 15, max_future_bookings: 5 };
    expect(effectiveRules(RULES, team, user)).toEqual({
      ...RULES,
      min_duration_min: 15,
      advance_days: 90,
      max_future_bookings: 5,
    });
    expect(effectiveRules(RULES, team, null)).toMatchObject({ min_duration_min: 60, max_duration_min: 480 });
  });
});
