import type { remindersRepo } from "./maintenance.repo";
import type { ReminderState } from "./reminder-status";

export type ReminderRow = Awaited<ReturnType<typeof remindersRepo.list>>[number];

/** A reminder as screens and the API see it: its terms, its vehicle, the current odometer and its state. */
export type ReminderView = ReminderRow &
  ReminderState & { registration: string; team_id: string | null; odometer_km: number; engine_hours: number | null };
