import type { DB } from "../../db/database";
import { addDays } from "../../shared/dates";
import type { Principal } from "../access/principal";
import { audit } from "../audit";
import { remindersRepo } from "./maintenance.repo";

export interface Defect {
  /** what failed, as the reminder's name ("Vehicle check: Tyres") */
  name: string;
  notes: string | null;
}

/**
 * A defect found on a vehicle (a failed item of the driver's vehicle check) becomes a maintenance reminder due on
 * the day it was found: it shows as "due" in the reminder list at once, turns overdue the next day, mails its
 * stages like any reminder, and completing it records the repair as a service (docs/driver-app.md, "Vehicle check").
 * One-off (repeat off), by days only. Written in the caller's transaction; the reporter need not hold
 * maintenance:write (the rule is the check's, not the maintenance screen's).
 */
export async function recordDefects(
  trx: DB,
  p: Principal,
  vehicleId: string,
  day: string,
  defects: readonly Defect[],
): Promise<string[]> {
  if (!defects.length) return [];
  const reading = (await remindersRepo.readings(trx, p.orgId, [vehicleId])).get(vehicleId);
  const rows = await remindersRepo.insert(
    trx,
    defects.map((d) => ({
      org_id: p.orgId,
      vehicle_id: vehicleId,
      name: d.name.slice(0, 200),
      kind: "regular" as const,
      // due = base_date + interval_days: due on the day the defect was found
      interval_days: 1,
      base_date: addDays(day, -1),
      before_days: 0,
      repeat: false,
      active: true,
      notes: d.notes,
      base_odometer_km: reading?.odometer_km ?? 0,
      base_engine_hours: reading?.engine_hours ?? 0,
    })),
  );
  for (const row of rows)
    await audit.record(trx, p, { entity: "maintenance_reminder", id: row.id, action: "create", after: row });
  return rows.map((r) => r.id);
}
