import type { DB } from "../db/database";
import { geofenceRecord, poiRecord, placesRepo } from "../modules/places";
import { policiesRepo, type PolicyColumns } from "../modules/alerts";

const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6];

/**
 * Demo places and alert policies for the first organisation, chosen so that the simulated fleet around
 * Tirana raises a few alerts (with daily limits, so the demo log does not flood).
 */
export async function seedDemoAlerts(db: DB, orgId: string, recipients: string[]): Promise<void> {
  const square = await placesRepo.insert(
    db,
    orgId,
    geofenceRecord({
      name: "Sheshi Skënderbej",
      category: "Qendër",
      city: "Tiranë",
      shape: "circle",
      latitude: 41.3275,
      longitude: 19.8187,
      radius_m: 250,
      polygon: null,
      icon: "pin",
      icon_color: "#dc2626",
    }),
  );
  await placesRepo.insert(
    db,
    orgId,
    geofenceRecord({
      name: "Depoja Kashar",
      category: "Depo",
      city: "Kashar",
      shape: "polygon",
      latitude: null,
      longitude: null,
      radius_m: null,
      polygon: [
        [19.77, 41.342],
        [19.776, 41.342],
        [19.776, 41.3465],
        [19.77, 41.3465],
      ],
      icon: "warehouse",
      icon_color: "#2563eb",
    }),
  );
  await placesRepo.insert(
    db,
    orgId,
    poiRecord({
      name: "Porti i Durrësit",
      category: "Port",
      city: "Durrës",
      latitude: 41.3106,
      longitude: 19.4453,
      icon: "pin",
      icon_color: "#0891b2",
    }),
  );

  const base: Omit<PolicyColumns, "name" | "alert_type"> = {
    active: true,
    all_vehicles: true,
    all_geofences: true,
    speed_limit_kmh: null,
    duration_min: null,
    alarm_kinds: [],
    fault_kinds: [],
    time_from: null,
    time_to: null,
    days: ALL_DAYS,
    daily_limit: null,
    driver_limit: null,
    notify_in_app: true,
    notify_email: false,
    emails: [],
  };
  const policies: Array<[PolicyColumns, string[]]> = [
    [
      { ...base, name: "Shpejtësi mbi 60 km/h në qytet", alert_type: "speeding", speed_limit_kmh: 60, daily_limit: 3 },
      [],
    ],
    [
      {
        ...base,
        name: "Hyrje në Sheshin Skënderbej",
        alert_type: "geofence_enter",
        all_geofences: false,
        daily_limit: 2,
      },
      [square.id],
    ],
    [
      {
        ...base,
        name: "Alarm SOS ose ndërprerje ushqimi",
        alert_type: "device_alarm",
        alarm_kinds: ["sos", "powerCut", "tamper"],
      },
      [],
    ],
    [{ ...base, name: "Mjet pa sinjal mbi 60 minuta", alert_type: "unseen", duration_min: 60, daily_limit: 1 }, []],
  ];
  for (const [columns, geofences] of policies) {
    const policy = await policiesRepo.insert(db, orgId, {
      ...columns,
      created_by: recipients[0] ?? null,
    } as PolicyColumns & { created_by: string });
    await policiesRepo.replaceLinks(db, orgId, policy.id, {
      vehicle_ids: [],
      team_ids: [],
      geofence_ids: geofences,
      recipient_ids: recipients,
    });
  }
}
