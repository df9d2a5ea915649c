import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  dateRangeSchema,
  dateSchema,
  dateTimeSchema,
  daysBetween,
  formatInstant,
  formatInstantDate,
  formatInstantTime,
  monthGrid,
  normalizeDateInput,
  normalizeDateTimeInput,
  normalizeTimeInput,
  optionalDate,
  optionalTime,
  parseDate,
  parseDateTime,
  parseTime,
  parseZonedDateTime,
  requiredDate,
  startOfDayIn,
  startOfWeek,
  timeSchema,
  todayIn,
  weekday,
  weekRange,
  WEEK_COLUMNS,
  zonedInstant,
} from "../../app/lib/dates";

const TZ = "Europe/Tirane";

describe("calendar days (YYYY-MM-DD)", () => {
  it("reads real days and refuses days that do not exist or other spellings", () => {
    expect(parseDate("2026-11-24")).toEqual({ year: 2026, month: 11, day: 24 });
    expect(parseDate("2024-02-29")).toEqual({ year: 2024, month: 2, day: 29 });
    for (const bad of [
      "2026-02-30",
      "2026-02-29",
      "2026-04-31",
      "2026-13-01",
      "2026-00-10",
      "2026-01-00",
      "11/24/2026",
      "24.11.2026",
      "2026-1-5",
      "2026-11-24T00:00",
      "",
    ]) {
      expect(parseDate(bad), bad).toBeNull();
    }
    expect(parseDate("1900-02-29")).toBeNull();
    expect(parseDate("2000-02-29")).not.toBeNull();
  });

  it("adds days and months, counts days, across month, year and leap-day ends", () => {
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2026-03-15", -3)).toBe("2025-12-15");
    expect(daysBetween("2026-03-28", "2026-03-30")).toBe(2);
    expect(() => addDays("2026-02-30", 1)).toThrow(RangeError);
  });

  it("tidies unambiguous typing towards the format and leaves the rest for the validator", () => {
    expect(normalizeDateInput(" 2026-1-5 ")).toBe("2026-01-05");
    expect(normalizeDateInput("2026/11/24")).toBe("2026-11-24");
    expect(normalizeDateInput("2026-02-30")).toBe("2026-02-30");
    expect(normalizeDateInput("11/24/2026")).toBe("11/24/2026");
    expect(normalizeTimeInput("930")).toBe("09:30");
    expect(normalizeTimeInput("9.30")).toBe("09:30");
    expect(normalizeTimeInput("25:00")).toBe("25:00");
    expect(normalizeDateTimeInput("2026-1-5 930")).toBe("2026-01-05 09:30");
  });
});

describe("24-hour times (HH:mm)", () => {
  it("reads 00:00 to 23:59 and refuses 12-hour and out-of-range times", () => {
    expect(parseTime("00:00")).toEqual({ hour: 0, minute: 0 });
    expect(parseTime("23:59")).toEqual({ hour: 23, minute: 59 });
    for (const bad of ["24:00", "12:60", "9:30", "12:00 AM", "12:00 PM", "1230", "10:00:00"])
      expect(parseTime(bad), bad).toBeNull();
    expect(parseTime("10:00:00", true)).toEqual({ hour: 10, minute: 0 });
  });

  it("reads date and time as 'YYYY-MM-DD HH:mm', and the old datetime-local spelling from earlier links", () => {
    expect(parseDateTime("2026-11-24 14:30")).toEqual({ date: "2026-11-24", time: "14:30" });
    expect(parseDateTime("2026-11-24T14:30")).toEqual({ date: "2026-11-24", time: "14:30" });
    expect(parseDateTime("2026-02-30 10:00")).toBeNull();
    expect(parseDateTime("2026-11-24 2:30 PM")).toBeNull();
  });
});

describe("instants in the organisation's zone", () => {
  it("formats an instant as YYYY-MM-DD HH:mm in 24-hour time, whatever the runtime's locale", () => {
    const at = Date.UTC(2026, 10, 24, 23, 5, 9); // 2026-11-25 00:05:09 in Tirana (UTC+1 in winter)
    expect(formatInstant(at, TZ)).toBe("2026-11-25 00:05");
    expect(formatInstant(new Date(at).toISOString(), TZ, { seconds: true })).toBe("2026-11-25 00:05:09");
    expect(formatInstantTime(Date.UTC(2026, 6, 1, 12, 0), TZ)).toBe("14:00");
    expect(formatInstantDate(at, "America/New_York")).toBe("2026-11-24");
    expect(formatInstant(null, TZ)).toBe("");
    expect(formatInstant("not a date", TZ)).toBe("");
    expect(todayIn(TZ, at)).toBe("2026-11-25");
  });

  it("spring forward in Europe/Tirane (2026-03-29): the day has 23 hours and 02:30 does not exist", () => {
    const start = startOfDayIn("2026-03-29", TZ);
    expect(start.toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect((startOfDayIn("2026-03-30", TZ).getTime() - start.getTime()) / 3_600_000).toBe(23);
    expect(zonedInstant("2026-03-29", "01:59", TZ).toISOString()).toBe("2026-03-29T00:59:00.000Z");
    expect(zonedInstant("2026-03-29", "03:00", TZ).toISOString()).toBe("2026-03-29T01:00:00.000Z");
    // The skipped half hour moves forward by the gap, to 03:30 local.
    expect(formatInstant(zonedInstant("2026-03-29", "02:30", TZ), TZ)).toBe("2026-03-29 03:30");
  });

  it("fall back in Europe/Tirane (2026-10-25): the day has 25 hours and 02:30 is its first occurrence", () => {
    const start = startOfDayIn("2026-10-25", TZ);
    expect(start.toISOString()).toBe("2026-10-24T22:00:00.000Z");
    expect((startOfDayIn("2026-10-26", TZ).getTime() - start.getTime()) / 3_600_000).toBe(25);
    expect(zonedInstant("2026-10-25", "02:30", TZ).toISOString()).toBe("2026-10-25T00:30:00.000Z");
    expect(formatInstant(Date.UTC(2026, 9, 25, 1, 30), TZ)).toBe("2026-10-25 02:30");
    expect(parseZonedDateTime("2026-10-25 12:00", TZ)?.toISOString()).toBe("2026-10-25T11:00:00.000Z");
    expect(parseZonedDateTime("2026-10-25T12:00", TZ)?.toISOString()).toBe("2026-10-25T11:00:00.000Z");
    expect(parseZonedDateTime("2026-10-32 12:00", TZ)).toBeNull();
  });

  it("handles zones far from UTC", () => {
    expect(zonedInstant("2026-11-24", "00:00", "Pacific/Kiritimati").toISOString()).toBe("2026-11-23T10:00:00.000Z");
    expect(zonedInstant("2026-11-24", "00:00", "Pacific/Pago_Pago").toISOString()).toBe("2026-11-24T11:00:00.000Z");
  });
});

describe("weeks start on Sunday (spec section 9)", () => {
  it("the month grid's first column is Sunday and covers the whole month", () => {
    const grid = monthGrid(2026, 11); // 2026-11-01 is a Sunday
    expect(grid[0][0]).toEqual({ date: "2026-11-01", inMonth: true, weekday: 0 });
    expect(grid.every((w) => w.length === 7 && weekday(w[0].date) === 0 && weekday(w[6].date) === 6)).toBe(true);
    expect(
      grid
        .flat()
        .filter((d) => d.inMonth)
        .map((d) => d.date),
    ).toHaveLength(30);
    const february = monthGrid(2026, 2); // 2026-02-01 is a Sunday, 28 days: exactly four rows
    expect(february).toHaveLength(4);
    const december = monthGrid(2026, 12); // starts on a Tuesday: leading Sunday 2026-11-29
    expect(december[0][0]).toEqual({ date: "2026-11-29", inMonth: false, weekday: 0 });
    expect(december.at(-1)!.at(-1)!.date).toBe("2027-01-02");
    expect(WEEK_COLUMNS).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it("a week runs Sunday to Saturday", () => {
    expect(weekRange("2026-11-24")).toEqual({ from: "2026-11-22", to: "2026-11-28" });
    expect(weekRange("2026-11-22")).toEqual({ from: "2026-11-22", to: "2026-11-28" });
    expect(weekRange("2026-11-28")).toEqual({ from: "2026-11-22", to: "2026-11-28" });
    expect(startOfWeek("2027-01-01")).toBe("2026-12-27");
  });
});

describe("zod schemas shared by the server and the forms", () => {
  it("dates: refuses impossible days with the translated key, keeps good ones", () => {
    expect(dateSchema().safeParse("2026-02-30").error?.issues[0].message).toBe("errors.date");
    expect(dateSchema().parse(" 2026-02-28 ")).toBe("2026-02-28");
    expect(optionalDate().parse("")).toBeNull();
    expect(optionalDate().parse(undefined)).toBeNull();
    expect(optionalDate().safeParse("11/24/2026").success).toBe(false);
    expect(requiredDate().safeParse("").error?.issues[0].message).toBe("errors.required");
  });

  it("times and date-times: 24-hour only; stored seconds are dropped", () => {
    expect(timeSchema().safeParse("12:00 AM").success).toBe(false);
    expect(timeSchema().parse("07:05")).toBe("07:05");
    expect(optionalTime().parse("10:00:00")).toBe("10:00");
    expect(optionalTime().parse("")).toBeNull();
    expect(dateTimeSchema().parse("2026-11-24T08:00")).toBe("2026-11-24 08:00");
    expect(dateTimeSchema().safeParse("2026-11-24 8:00").error?.issues[0].message).toBe("errors.dateTime");
  });

  it("periods: the end may not come before the start, and may be limited in length", () => {
    const range = dateRangeSchema({ maxDays: 31 });
    expect(range.parse({ from: "2026-11-01", to: "2026-11-30" })).toEqual({ from: "2026-11-01", to: "2026-11-30" });
    expect(range.safeParse({ from: "2026-11-30", to: "2026-11-01" }).error?.issues[0]).toMatchObject({
      path: ["to"],
      message: "errors.dateRangeReversed",
    });
    expect(range.safeParse({ from: "2026-01-01", to: "2026-03-01" }).error?.issues[0]).toMatchObject({
      path: ["from"],
      message: "errors.dateRangeTooLong",
    });
    expect(range.safeParse({ from: "2026-02-30", to: "" }).error?.issues[0]).toMatchObject({
      path: ["from"],
      message: "errors.date",
    });
  });
});
