import { describe, expect, it } from "vitest";
import {
  HOURS_DUE_WINDOW,
  KM_DUE_WINDOW,
  rearm,
  reminderState,
  type ReminderTerms,
} from "../../server/modules/maintenance/reminder-status";

const terms = (over: Partial<ReminderTerms> = {}): ReminderTerms => ({
  interval_days: null,
  interval_km: null,
  interval_hours: null,
  before_days: 0,
  before_km: 0,
  before_hours: 0,
  base_date: "2026-01-01",
  base_odometer_km: 10_000,
  base_engine_hours: 1_200,
  active: true,
  completed: false,
  ...over,
});

describe("reminder state by time (days)", () => {
  const r = terms({ interval_days: 30, before_days: 7 }); // due 2026-01-31
  it.each([
    ["2026-01-23", "ok", 8],
    ["2026-01-24", "due_soon", 7],
    ["2026-01-30", "due_soon", 1],
    ["2026-01-31", "due", 0],
    ["2026-02-01", "overdue", -1],
    ["2026-03-02", "overdue", -30],
  ])("on %s it is %s (%i days left)", (today, status, daysLeft) => {
    const s = reminderState(r, today, 0);
    expect(s).toMatchObject({ status, daysLeft, dueDate: "2026-01-31", dueKm: null, kmLeft: null });
  });

  it("without a warning, the day before is still OK", () => {
    expect(reminderState(terms({ interval_days: 30 }), "2026-01-30", 0).status).toBe("ok");
  });
});

describe("reminder state by distance (km)", () => {
  const r = terms({ interval_km: 15_000, before_km: 1_000 }); // due at 25,000 km
  it.each([
    [23_999, "ok", 1_001],
    [24_000, "due_soon", 1_000],
    [24_999.9, "due_soon", 0.1],
    [25_000, "due", 0],
    [25_000 + KM_DUE_WINDOW, "due", -KM_DUE_WINDOW],
    [25_001.1, "overdue", -1.1],
    [25_500, "overdue", -500],
  ])("at %d km it is %s (%d km left)", (odometer, status, kmLeft) => {
    expect(reminderState(r, "2026-06-01", odometer)).toMatchObject({ status, kmLeft, dueKm: 25_000, dueDate: null });
  });
});

describe("both intervals: whichever comes first", () => {
  const r = terms({ interval_days: 365, interval_km: 15_000, before_days: 30, before_km: 1_000 });
  it("the distance makes it overdue while the date is far", () => {
    expect(reminderState(r, "2026-03-01", 25_200).status).toBe("overdue");
  });
  it("the date makes it due soon while the distance is far", () => {
    expect(reminderState(r, "2026-12-15", 12_000)).toMatchObject({ status: "due_soon", daysLeft: 17, kmLeft: 13_000 });
  });
  it("OK only when both are OK", () => {
    expect(reminderState(r, "2026-06-01", 12_000).status).toBe("ok");
  });
});

describe("reminder state by engine hours", () => {
  const r = terms({ interval_hours: 250, before_hours: 25 }); // due at 1,450 h
  it.each([
    [1_424.9, "ok", 25.1],
    [1_425, "due_soon", 25],
    [1_449.9, "due_soon", 0.1],
    [1_450, "due", 0],
    [1_450 + HOURS_DUE_WINDOW, "due", -HOURS_DUE_WINDOW],
    [1_451.1, "overdue", -1.1],
    [1_500, "overdue", -50],
  ])("at %d h it is %s (%d h left)", (hours, status, hoursLeft) => {
    expect(reminderState(r, "2026-06-01", 0, hours)).toMatchObject({
      status,
      hoursLeft,
      dueHours: 1_450,
      dueDate: null,
      dueKm: null,
      kmLeft: null,
    });
  });
  it("without a warning, just before the due hours is still OK", () => {
    expect(reminderState(terms({ interval_hours: 250 }), "2026-06-01", 0, 1_449.9).status).toBe("ok");
  });
  it("an inactive hours reminder stays inactive past due", () => {
    expect(reminderState(terms({ interval_hours: 250, active: false }), "2026-06-01", 0, 2_000).status).toBe(
      "inactive",
    );
  });
  it("re-arms from the completion's day, odometer and engine hours", () => {
    const next = terms({ interval_hours: 250, ...rearm("2026-06-01", 30_000, 1_460) });
    expect(reminderState(next, "2026-06-02", 30_000, 1_461)).toMatchObject({
      status: "ok",
      dueHours: 1_710,
      hoursLeft: 249,
    });
  });
});

describe("engine hours with days or km: whichever comes first", () => {
  const r = terms({
    interval_days: 365,
    interval_km: 15_000,
    interval_hours: 500,
    before_days: 30,
    before_km: 1_000,
    before_hours: 50,
  });
  it("the hours make it overdue while the date and distance are far", () => {
    expect(reminderState(r, "2026-03-01", 12_000, 1_702)).toMatchObject({
      status: "overdue",
      hoursLeft: -2,
      kmLeft: 13_000,
    });
  });
  it("the hours make it due soon while the km are OK", () => {
    expect(reminderState(r, "2026-03-01", 12_000, 1_660).status).toBe("due_soon");
  });
  it("the km make it due while the hours are OK", () => {
    expect(reminderState(r, "2026-03-01", 25_000, 1_300)).toMatchObject({ status: "due", hoursLeft: 400 });
  });
  it("the km overdue beats the hours due", () => {
    expect(reminderState(r, "2026-03-01", 25_500, 1_700).status).toBe("overdue");
  });
  it("OK only when all three are OK", () => {
    expect(reminderState(r, "2026-03-01", 12_000, 1_300).status).toBe("ok");
  });
});

describe("inactive and completed reminders", () => {
  it("an inactive reminder is inactive even when past due", () => {
    expect(reminderState(terms({ interval_days: 1, active: false }), "2027-01-01", 0).status).toBe("inactive");
  });
  it("a completed one-off reminder is done", () => {
    expect(reminderState(terms({ interval_days: 1, completed: true }), "2027-01-01", 0).status).toBe("done");
  });
});
