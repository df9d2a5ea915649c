import { describe, expect, it } from "vitest";
import { KM_DUE_WINDOW, reminderState, type ReminderTerms } from "../../server/modules/maintenance/reminder-status";

const terms = (over: Partial<ReminderTerms> = {}): ReminderTerms => ({
  interval_days: null, interval_km: null, before_days: 0, before_km: 0, base_date: "2026-01-01", base_odometer_km: 10_000,
  active: true, completed: false, ...over,
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

describe("inactive and completed reminders", () => {
  it("an inactive reminder is inactive even when past due", () => {
    expect(reminderState(terms({ interval_days: 1, active: false }), "2027-01-01", 0).status).toBe("inactive");
  });
  it("a completed one-off reminder is done", () => {
    expect(reminderState(terms({ interval_days: 1, completed: true }), "2027-01-01", 0).status).toBe("done");
  });
});
