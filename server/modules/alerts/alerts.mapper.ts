import type { Selectable } from "kysely";
import type { AlertPoliciesTable } from "../../db/schema/alerts";
import { iso } from "../shared/mapping";
import type { PolicyLinks } from "./alerts.repo";
import type { AlertLogItem } from "./alerts-log.repo";

type PolicyRow = Selectable<AlertPoliciesTable>;

/** An alert policy with its links, as the API answers: no org_id, ISO dates. */
export function toPolicyDto(p: PolicyRow & PolicyLinks) {
  return {
    id: p.id,
    name: p.name,
    alert_type: p.alert_type,
    active: p.active,
    all_vehicles: p.all_vehicles,
    all_geofences: p.all_geofences,
    speed_limit_kmh: p.speed_limit_kmh,
    duration_min: p.duration_min,
    alarm_kinds: p.alarm_kinds,
    fault_kinds: p.fault_kinds,
    time_from: p.time_from,
    time_to: p.time_to,
    days: p.days,
    daily_limit: p.daily_limit,
    driver_limit: p.driver_limit,
    notify_in_app: p.notify_in_app,
    notify_email: p.notify_email,
    emails: p.emails,
    created_by: p.created_by,
    created_at: iso(p.created_at),
    updated_at: iso(p.updated_at),
    vehicle_ids: p.vehicle_ids,
    team_ids: p.team_ids,
    geofence_ids: p.geofence_ids,
    recipient_ids: p.recipient_ids,
  };
}

/** A row of the policy list, with its link counts and when it last fired. */
export function toPolicyListItemDto(
  p: PolicyRow & {
    vehicle_count: number;
    team_count: number;
    recipient_count: number;
    last_alert_at: string | Date | null;
  },
) {
  const {
    vehicle_ids: _v,
    team_ids: _t,
    geofence_ids: _g,
    recipient_ids: _r,
    ...policy
  } = toPolicyDto({ ...p, vehicle_ids: [], team_ids: [], geofence_ids: [], recipient_ids: [] });
  return {
    ...policy,
    vehicle_count: p.vehicle_count,
    team_count: p.team_count,
    recipient_count: p.recipient_count,
    last_alert_at: iso(p.last_alert_at),
  };
}

/** One alert of the log. */
export function toAlertDto(a: AlertLogItem) {
  return {
    id: a.id,
    policy_id: a.policy_id,
    policy_name: a.policy_name,
    alert_type: a.alert_type,
    vehicle_id: a.vehicle_id,
    registration: a.registration,
    identifier_name: a.identifier_name,
    driver_id: a.driver_id,
    driver_name: a.driver_name,
    place_id: a.place_id,
    place_name: a.place_name,
    occurred_at: iso(a.occurred_at)!,
    lat: a.lat,
    lon: a.lon,
    speed_kmh: a.speed_kmh,
    details: a.details,
    email_status: a.email_status,
    read: a.read,
  };
}
