import { z } from "zod";
import { dateParam } from "../../shared/date-schemas";

/** What the audit log records changes of. Bookings and later modules add their own entity types here. */
export const AUDIT_ENTITIES = [
  "organization",
  "settings",
  "user",
  "driver",
  "vehicle",
  "team",
  "place",
  "alert_policy",
  "immobilization",
  "support_session",
  "tenant",
  "booking",
  "car_sharing_settings",
  "maintenance_settings",
  "car_sharing_entry",
  "car_sharing_rule",
  "maintenance_reminder",
  "maintenance_service",
  "fuel_report",
  "supplier",
  "part",
  "route_job",
  "route_template",
  "attendance_rule",
  "tms_order",
  "tms_optimization",
  "tms_settings",
  "tms_api_key",
  "video_request",
  "vehicle_check",
  "vehicle_checklist",
  "forwarding_target",
  "webhook",
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const AUDIT_ACTIONS = [
  "create",
  "update",
  "delete",
  "activate",
  "deactivate",
  "import",
  "add_images",
  "delete_image",
  "change_password",
  "block",
  "unblock",
  "suspend",
  "reactivate",
  "set_quota",
  "start",
  "end",
  "cancel",
  "complete",
  "dispatch",
  "finish",
  "revoke",
  "proof_of_delivery",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntry {
  entity: AuditEntity;
  id: string;
  action: AuditAction;
  before?: unknown;
  after?: unknown;
  /** Write the row in this organisation instead of the principal's (an installation administrator acting on a tenant). */
  orgId?: string;
}

const emptyToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

/** Filters of the audit-log screen, the /api list and the CSV export (dates are local days of the organisation). */
export const auditFilterSchema = z.object({
  from: dateParam(),
  to: dateParam(),
  user: z.preprocess(emptyToUndefined, z.uuid("errors.invalid").optional()),
  entity: z.preprocess(emptyToUndefined, z.enum(AUDIT_ENTITIES, { error: "errors.invalid" }).optional()),
});
export type AuditFilter = z.infer<typeof auditFilterSchema>;
