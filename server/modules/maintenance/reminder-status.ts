import { addDays, daysBetween } from "../../shared/dates";

/** What the list shows: OK, due soon (inside the warning), due (today / at the km), overdue (days or km past). */
export const REMINDER_STATUSES = ["ok", "due_soon", "due", "overdue", "inactive", "done"] as const;
export type ReminderStatus = (typeof REMINDER_STATUSES)[number];
/** The stages a notice is sent for, in order. */
export const NOTICE_STAGES = ["due_soon", "due", "overdue"] as const;
export type NoticeStage = (typeof NOTICE_STAGES)[number];

export interface ReminderTerms {
  interval_days: number | null;
  interval_km: number | null;
  interval_hours: number | null;
  before_days: number;
  before_km: number;
  before_hours: number;
  base_date: string;
  base_odometer_km: number;
  base_engine_hours: number;
  active: boolean;
  completed: boolean;
}

export interface ReminderState {
  status: ReminderStatus;
  dueDate: string | null;
  dueKm: number | null;
  /** days until the due date (negative: days overdue) */
  daysLeft: number | null;
  /** km until the due odometer (negative: km overdue) */
  kmLeft: number | null;
  dueHours: number | null;
  /** engine hours until the due reading (negative: hours overdue) */
  hoursLeft: number | null;
}

/** How far past the due km still reads "due" rather than "overdue" (odometers advance in steps). */
export const KM_DUE_WINDOW = 1;
/** How far past the due engine hours still reads "due" rather than "overdue". */
export const HOURS_DUE_WINDOW = 1;

const RANK: Record<ReminderStatus, number> = { done: -2, inactive: -1, ok: 0, due_soon: 1, due: 2, overdue: 3 };

const round1 = (n: number) => Math.round(n * 10) / 10;

/** A counted measure's state (km or engine hours): past the window overdue, reached due, within "before" due soon. */
const byCounter = (left: number | null, before: number, window: number): ReminderStatus =>
  left === null ? "ok" : left < -window ? "overdue" : left <= 0 ? "due" : left <= before ? "due_soon" : "ok";

/**
 * The state of one reminder on `today` (the organisation's day) at `odometerKm` and `engineHours`. Time, distance and
 * engine hours are judged separately and the worst one wins ("whichever comes first"). Overdue starts the day after
 * the due date, or once the odometer (engine hours) pass the due km (hours) by more than the window; due is the due
 * day itself or the due km (hours) reached within the window.
 */
export function reminderState(r: ReminderTerms, today: string, odometerKm: number, engineHours = 0): ReminderState {
  const dueDate = r.interval_days ? addDays(r.base_date, r.interval_days) : null;
  const dueKm = r.interval_km ? round1(r.base_odometer_km + r.interval_km) : null;
  const dueHours = r.interval_hours ? round1(r.base_engine_hours + r.interval_hours) : null;
  const daysLeft = dueDate ? daysBetween(today, dueDate) : null;
  const kmLeft = dueKm !== null ? round1(dueKm - odometerKm) : null;
  const hoursLeft = dueHours !== null ? round1(dueHours - engineHours) : null;
  const figures = { dueDate, dueKm, daysLeft, kmLeft, dueHours, hoursLeft };
  if (r.completed) return { status: "done", ...figures };
  if (!r.active) return { status: "inactive", ...figures };
  const byDays: ReminderStatus =
    daysLeft === null
      ? "ok"
      : daysLeft < 0
        ? "overdue"
        : daysLeft === 0
          ? "due"
          : daysLeft <= r.before_days
            ? "due_soon"
            : "ok";
  const status = [
    byCounter(kmLeft, r.before_km, KM_DUE_WINDOW),
    byCounter(hoursLeft, r.before_hours, HOURS_DUE_WINDOW),
  ].reduce((worst, s) => (RANK[s] > RANK[worst] ? s : worst), byDays);
  return { status, ...figures };
}

/** The notice stage of a state, if it has one. */
export function stageOf(status: ReminderStatus): NoticeStage | null {
  return (NOTICE_STAGES as readonly string[]).includes(status) ? (status as NoticeStage) : null;
}

/** How a completed reminder re-arms: from the completion day, odometer and engine hours, one cycle later. */
export function rearm(completedOn: string, odometerKm: number, engineHours: number) {
  return { base_date: completedOn, base_odometer_km: odometerKm, base_engine_hours: engineHours };
}
