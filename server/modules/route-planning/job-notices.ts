import type { AppContext } from "../../context";
import { notifyUser, type PushKind } from "../push";

/** What of a job its driver sees on the phone: a change of any of these is worth a "job changed" notification. */
const SEEN = [
  "name",
  "scheduled_date",
  "scheduled_arrival",
  "scheduled_departure",
  "address",
  "latitude",
  "longitude",
  "vehicle_id",
  "notes",
  "contact_name",
  "contact_phone",
] as const;

export interface NoticeJob {
  id: string;
  name: string;
  driver_id?: string | null;
  scheduled_date: string;
  scheduled_arrival: string;
  scheduled_departure?: string;
  address?: string | null;
  latitude?: number;
  longitude?: number;
  vehicle_id?: string | null;
  notes?: string | null;
  contact_name?: string | null;
  contact_phone?: string | null;
}

/**
 * Which notification a job's driver gets for a write (docs/driver-app.md, "Notifications"): "assigned" when the job
 * became theirs (new, or moved from someone else or from no one), "changed" when something they see changed, none
 * when nothing did, when it has no driver, or when the driver made the change themself (self-assignment).
 */
export function jobNotice(before: NoticeJob | null, after: NoticeJob, actorId: string): PushKind | null {
  if (!after.driver_id || after.driver_id === actorId) return null;
  if (!before || before.driver_id !== after.driver_id) return "job_assigned";
  const changed = SEEN.some((k) => k in after && String(before[k] ?? "") !== String(after[k] ?? ""));
  return changed ? "job_changed" : null;
}

/** Queues the driver's notification for a job write, if the write calls for one (after the write committed). */
export async function tellDriver(
  ctx: AppContext,
  orgId: string,
  before: NoticeJob | null,
  after: NoticeJob,
  actorId: string,
) {
  const kind = jobNotice(before, after, actorId);
  if (!kind || !after.driver_id) return;
  await notifyUser(
    ctx,
    orgId,
    after.driver_id,
    kind,
    { id: after.id, job: after.name, date: after.scheduled_date, time: after.scheduled_arrival.slice(0, 5) },
    "/driver",
  );
}
