/**
 * The web side's one door to dates (docs/dates.md). Everything here is pure and safe in the browser:
 * parsing and formatting of YYYY-MM-DD, HH:mm and "YYYY-MM-DD HH:mm", instants in the organisation's IANA
 * time zone, the Sunday-first month grid and week ranges, and the zod schemas the server validates with.
 * The implementation lives in server/shared/ so server schemas use it without importing app/.
 */
import type { TFunction } from "i18next";
import { WEEK_START } from "../../server/shared/dates";

export * from "../../server/shared/dates";
export * from "../../server/shared/date-schemas";

/** The seven weekday indexes in calendar column order (Sunday first). */
export const WEEK_COLUMNS: number[] = Array.from({ length: 7 }, (_, i) => (WEEK_START + i) % 7);

type DatesT = TFunction<"dates"> | TFunction;

/** Weekday names from locales/<lng>/dates.json (0 = Sunday); `short` gives the column headers' two letters. */
export const weekdayName = (t: DatesT, weekday: number, short = false): string =>
  (t as TFunction)(`dates:${short ? "weekdaysShort" : "weekdays"}.${weekday}`);

/** Month names from locales/<lng>/dates.json (1 = January). */
export const monthName = (t: DatesT, month: number): string => (t as TFunction)(`dates:months.${month}`);

/** "November 2026" / "Nëntor 2026": the calendar's caption. */
export const monthCaption = (t: DatesT, year: number, month: number): string => `${monthName(t, month)} ${year}`;
