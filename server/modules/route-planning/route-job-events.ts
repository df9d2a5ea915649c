import type { DB } from "../../db/database";
import { emitEvent } from "../events";

export type RouteJobEventStatus = "checked_in" | "finished" | "reopened" | "late" | "missed";

/**
 * The `route_job.status.changed` integration event, written in the transaction of the change: checked in and
 * finished (by the vehicle's position, the phone or the dispatcher), reopened by the dispatcher, and late or
 * missed when the lateness sweep first finds it so.
 */
export async function emitRouteJobStatus(
  db: DB,
  e: {
    orgId: string;
    jobId: string;
    status: RouteJobEventStatus;
    source: "auto" | "phone" | "manual" | "sweep";
    at: Date;
  },
) {
  await emitEvent(db, {
    type: "route_job.status.changed",
    organizationId: e.orgId,
    occurredAt: e.at,
    data: { job_id: e.jobId, status: e.status, source: e.source },
  });
}
