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
  before_days: number;
  before_km: number;
  base_date: string;
  base_odometer_km: number;
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
}

/** How far past the due km still reads "due" rather than "overdue" (odometers advance in steps). */
export const KM_DUE_WINDOW = 1;

const RANK: Record<ReminderStatus, number> = { done: -2, inactive: -1, ok: 0, due_soon: 1, due: 2, overdue: 3 };

/**
 * The state of one reminder on `today` (the organisation's day) at `odometerKm`. Time and distance are judged
 * separately and the worse one wins ("whichever comes first"). Overdue starts the day after the due date, or once the
 * odometer passes the due km; due is the due day itself or the due km reached within the last km.
 */
export function reminderState(r: ReminderTerms, today: string, odometerKm: number): ReminderState {
  const dueDate = r.interval_days ? addDays(r.base_date, r.interval_days) : null;
  const dueKm = r.interval_km ? Math.round((r.base_odometer_km + r.interval_km) * 10) / 10 : null;
  const daysLeft = dueDate ? daysBetween(today, dueDate) : null;
  const kmLeft = dueKm !== null ? Math.round((dueKm - odometerKm) * 10) / 10 : null;
  if (r.completed) return { status: "done", dueDate, dueKm, daysLeft, kmLeft };
  if (!r.active) return { status: "inactive", dueDate, dueKm, daysLeft, kmLeft };
  const byDays: ReminderStatus =
    daysLeft === null ? "ok" : daysLeft < 0 ? "overdue" : daysLeft === 0 ? "due" : daysLeft <= r.before_days ? "due_soon" : "ok";
  const byKm: ReminderStatus =
    kmLeft === null ? "ok" : kmLeft < -KM_DUE_WINDOW ? "overdue" : kmLeft <= 0 ? "due" : kmLeft <= r.before_km ? "due_soon" : "ok";
  const status = RANK[byKm] > RANK[byDays] ? byKm : byDays;
  return { status, dueDate, dueKm, daysLeft, kmLeft };
}

/** The notice stage of a state, if it has one. */
export function stageOf(status: ReminderStatus): NoticeStage | null {
  return (NOTICE_STAGES as readonly string[]).includes(status) ? (status as NoticeStage) : null;
}

/** How a completed reminder re-arms: from the completion day and odometer, one cycle later. */
export function rearm(completedOn: string, odometerKm: number) {
  return { base_date: completedOn, base_odometer_km: odometerKm };
}
