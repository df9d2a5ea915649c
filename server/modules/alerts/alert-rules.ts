import type { DB } from "../../db/database";
import { knownTimeZone, organizationRepo } from "../organization";
import { GeofenceIndex, placeGeometryRepo } from "../places";
import { isGeofenceType, parseWindow } from "./alert-engine";
import type { CompiledPolicy, VehicleRules } from "./alert-engine.types";
import { configVersions, rulesRepo } from "./alert-rules.repo";

/** Rules of one organisation, compiled for the engine. */
export interface OrgRules {
  orgId: string;
  version: string;
  timezone: string;
  policyCount: number;
  geofences: GeofenceIndex | null;
  /** vehicle id → its policies (only vehicles with at least one) */
  byVehicle: Map<string, CompiledPolicy[]>;
  /** vehicle id → what the engine gets for it (built once per load, not per position) */
  vehicleRules: Map<string, VehicleRules>;
  vehicles: Map<string, { registration: string; driverId: string | null; teamId: string | null }>;
}

export const TIMER_TYPES = ["unseen", "device_fault", "geofence_dwell"] as const;

export function rulesFor(org: OrgRules | undefined, vehicleId: string): VehicleRules | null {
  return org?.vehicleRules.get(vehicleId) ?? null;
}

const GEOFENCE_TYPES = new Set(["geofence_enter", "geofence_exit", "geofence_dwell"]);

export async function loadOrgRules(db: DB, orgId: string): Promise<OrgRules> {
  const [version, settings, policies, links, vehicles] = await Promise.all([
    configVersions(db, [orgId]).then((v) => v.get(orgId)),
    organizationRepo.findSettings(db, orgId),
    rulesRepo.activePolicies(db, orgId),
    rulesRepo.policyLinks(db, orgId),
    rulesRepo.vehicles(db, orgId),
  ]);
  const linksOf = new Map<string, { v: string[]; t: string[]; g: string[]; r: string[] }>();
  for (const l of links) {
    let entry = linksOf.get(l.policy_id);
    if (!entry) linksOf.set(l.policy_id, (entry = { v: [], t: [], g: [], r: [] }));
    entry[l.kind].push(l.id);
  }

  const compiled = policies.map((p) => {
    const l = linksOf.get(p.id) ?? { v: [], t: [], g: [], r: [] };
    const policy: CompiledPolicy = {
      id: p.id,
      name: p.name,
      type: p.alert_type,
      speedLimit: p.speed_limit_kmh,
      durationMs: p.duration_min === null ? null : p.duration_min * 60_000,
      geofenceIds: p.all_geofences ? null : new Set(l.g),
      alarmKinds: p.alarm_kinds.length ? new Set(p.alarm_kinds) : null,
      faultKinds: p.fault_kinds.length ? new Set(p.fault_kinds) : null,
      window: parseWindow(p.time_from, p.time_to),
      days: new Set(p.days),
      dailyLimit: p.daily_limit,
      driverLimit: p.driver_limit,
      notifyInApp: p.notify_in_app,
      notifyEmail: p.notify_email,
      recipients: l.r,
      emails: p.emails,
    };
    return { policy, all: p.all_vehicles, vehicles: new Set(l.v), teams: new Set(l.t) };
  });

  const byVehicle = new Map<string, CompiledPolicy[]>();
  for (const v of vehicles) {
    const list = compiled
      .filter((c) => c.all || c.vehicles.has(v.id) || (v.team_id !== null && c.teams.has(v.team_id)))
      .map((c) => c.policy);
    if (list.length) byVehicle.set(v.id, list);
  }

  let geofences: GeofenceIndex | null = null;
  const fencePolicies = compiled.filter((c) => GEOFENCE_TYPES.has(c.policy.type));
  if (fencePolicies.length) {
    // Only the fences some policy can match: all of them when a policy covers every geofence.
    const wanted = fencePolicies.some((c) => c.policy.geofenceIds === null)
      ? null
      : [...new Set(fencePolicies.flatMap((c) => [...c.policy.geofenceIds!]))];
    const rows = await placeGeometryRepo.geofences(db, [orgId], wanted);
    geofences = new GeofenceIndex(rows.map((r) => r.fence));
  }

  const timezone = knownTimeZone(settings?.timezone);
  const vehicleRules = new Map<string, VehicleRules>();
  for (const [id, policies] of byVehicle) {
    vehicleRules.set(id, {
      policies,
      geofences,
      timezone,
      watchesGeofences: policies.some((p) => isGeofenceType(p.type)),
    });
  }
  return {
    orgId,
    version: version ?? "0",
    timezone,
    policyCount: compiled.length,
    geofences,
    byVehicle,
    vehicleRules,
    vehicles: new Map(
      vehicles.map((v) => [v.id, { registration: v.registration, driverId: v.driver_id, teamId: v.team_id }]),
    ),
  };
}

/**
 * Per-organisation rules, reloaded when the organisation's configuration version (bumped by database
 * triggers on policies, geofences and vehicles) changes; versions are checked at most every `checkMs`.
 */
export class AlertRulesCache {
  private entries = new Map<string, { rules: OrgRules; checkedAt: number }>();
  private loading = new Map<string, Promise<OrgRules>>();

  constructor(
    private db: DB,
    private checkMs = 1000,
  ) {}

  private load(orgId: string): Promise<OrgRules> {
    let p = this.loading.get(orgId);
    if (!p) {
      p = loadOrgRules(this.db, orgId)
        .then((rules) => {
          this.entries.set(orgId, { rules, checkedAt: Date.now() });
          return rules;
        })
        .finally(() => this.loading.delete(orgId));
      this.loading.set(orgId, p);
    }
    return p;
  }

  /** Rules of the organisations, fresh within `checkMs`. */
  async forOrgs(orgIds: Iterable<string>): Promise<Map<string, OrgRules>> {
    const now = Date.now();
    const ids = [...new Set(orgIds)];
    const stale = ids.filter((id) => {
      const e = this.entries.get(id);
      return !e || now - e.checkedAt >= this.checkMs;
    });
    if (stale.length) {
      const versions = await configVersions(this.db, stale);
      await Promise.all(
        stale.map(async (id) => {
          const e = this.entries.get(id);
          if (e && e.rules.version === (versions.get(id) ?? "0")) e.checkedAt = now;
          else await this.load(id);
        }),
      );
    }
    const out = new Map<string, OrgRules>();
    for (const id of ids) out.set(id, this.entries.get(id)!.rules);
    return out;
  }

  invalidate(orgId?: string): void {
    if (orgId) this.entries.delete(orgId);
    else this.entries.clear();
  }
}
