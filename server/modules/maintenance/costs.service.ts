import type { AppContext } from "../../context";
import type { Principal } from "../access/principal";
import { addDays } from "../../shared/dates";
import { tripReadsRepo } from "../analytics";
import { orgTimeZone } from "../organization";
import { teamOptions } from "../teams";
import { costsRepo } from "./costs.repo";
import { maintenancePolicy } from "./maintenance.policy";
import { orgToday, visibleVehicles } from "./maintenance.vehicles";

export interface CostRow {
  vehicle_id: string;
  registration: string;
  team_id: string | null;
  service: number;
  parts: number;
  wash: number;
  fuel: number;
  total: number;
  distance_km: number;
  cost_per_km: number | null;
  purchase_price: number | null;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Costs of the given vehicles over local days `from`–`to`, with the telematics distance and cost per km. */
export async function vehicleCosts(
  ctx: AppContext,
  orgId: string,
  vehicles: Array<{ id: string; registration: string; team_id: string | null }>,
  from: string,
  to: string,
): Promise<CostRow[]> {
  const ids = vehicles.map((v) => v.id);
  if (!ids.length) return [];
  const [money, km, prices] = await Promise.all([
    costsRepo.moneyByVehicle(ctx.db, orgId, ids, from, to),
    tripReadsRepo.kmByVehicle(ctx.db, orgId, ids, from, to, await orgTimeZone(ctx, orgId)),
    costsRepo.purchasePrices(ctx.db, orgId, ids),
  ]);
  const price = new Map(prices.map((r) => [r.id, r.purchase_price === null ? null : Number(r.purchase_price)]));
  const rows = new Map<string, CostRow>(
    vehicles.map((v) => [
      v.id,
      {
        vehicle_id: v.id,
        registration: v.registration,
        team_id: v.team_id,
        service: 0,
        parts: 0,
        wash: 0,
        fuel: 0,
        total: 0,
        distance_km: round2(km.get(v.id) ?? 0),
        cost_per_km: null,
        purchase_price: price.get(v.id) ?? null,
      },
    ]),
  );
  for (const m of money) {
    const row = rows.get(m.vehicle_id);
    if (!row) continue;
    const key = m.kind as "service" | "parts" | "wash" | "fuel";
    row[key] = round2(row[key] + Number(m.amount ?? 0));
  }
  return [...rows.values()]
    .map((r) => {
      const total = round2(r.service + r.parts + r.wash + r.fuel);
      return { ...r, total, cost_per_km: r.distance_km > 0 ? round2(total / r.distance_km) : null };
    })
    .sort((a, b) => b.total - a.total || a.registration.localeCompare(b.registration));
}

/** The fleet profile: costs per vehicle and per team over a period, with the cost per km driven. */
export async function fleetCosts(
  ctx: AppContext,
  p: Principal,
  filter: { from?: string; to?: string; team_id?: string },
) {
  maintenancePolicy.read(p);
  const to = filter.to ?? (await orgToday(ctx, p.orgId));
  const from = filter.from ?? addDays(to, -89);
  const visible = await visibleVehicles(ctx, p);
  const chosen = [...visible.values()].filter((v) => !filter.team_id || v.team_id === filter.team_id);
  const [vehicles, teams] = await Promise.all([vehicleCosts(ctx, p.orgId, chosen, from, to), teamOptions(ctx, p)]);
  const teamName = new Map(teams.map((t) => [t.id, t.name]));
  const byTeam = new Map<
    string,
    {
      team_id: string | null;
      name: string | null;
      service: number;
      parts: number;
      wash: number;
      fuel: number;
      total: number;
      distance_km: number;
      cost_per_km: number | null;
    }
  >();
  for (const v of vehicles) {
    const key = v.team_id ?? "";
    const t = byTeam.get(key) ?? {
      team_id: v.team_id,
      name: v.team_id ? (teamName.get(v.team_id) ?? null) : null,
      service: 0,
      parts: 0,
      wash: 0,
      fuel: 0,
      total: 0,
      distance_km: 0,
      cost_per_km: null,
    };
    for (const k of ["service", "parts", "wash", "fuel", "total", "distance_km"] as const) t[k] = round2(t[k] + v[k]);
    byTeam.set(key, t);
  }
  const teamRows = [...byTeam.values()].map((t) => ({
    ...t,
    cost_per_km: t.distance_km > 0 ? round2(t.total / t.distance_km) : null,
  }));
  return { from, to, vehicles, teams: teamRows };
}
