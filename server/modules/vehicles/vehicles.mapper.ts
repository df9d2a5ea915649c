import type { Vehicle } from "../../db/schema";
import { iso, num } from "../shared/mapping";

/** A vehicle as the API answers: no org_id, numbers as numbers, ISO dates. */
export function toVehicleDto(v: Vehicle) {
  return {
    id: v.id,
    registration: v.registration,
    category: v.category,
    fuel: v.fuel,
    identifier_name: v.identifier_name,
    chassis_number: v.chassis_number,
    fuel_consumption: num(v.fuel_consumption),
    tank_volume: num(v.tank_volume),
    vehicle_year: v.vehicle_year,
    size: v.size,
    purchase_price: num(v.purchase_price),
    estimated_consumption: num(v.estimated_consumption),
    electric: v.electric,
    fleet_number: v.fleet_number,
    business_number: v.business_number,
    fiscal_number: v.fiscal_number,
    country: v.country,
    province: v.province,
    region: v.region,
    postal_code: v.postal_code,
    team_id: v.team_id,
    driver_id: v.driver_id,
    device_imei: v.device_imei,
    device_protocol: v.device_protocol,
    odometer_km: num(v.odometer_km as unknown as string),
    created_at: iso(v.created_at),
    updated_at: iso(v.updated_at),
  };
}
export type VehicleDto = ReturnType<typeof toVehicleDto>;

export function toVehicleDetailsDto(
  v: Vehicle & { images: Array<{ id: string; content_type: string; byte_size: number; created_at: Date }> },
) {
  return {
    ...toVehicleDto(v),
    images: v.images.map((i) => ({
      id: i.id,
      content_type: i.content_type,
      byte_size: i.byte_size,
      created_at: iso(i.created_at),
      url: `/api/vehicles/${v.id}/images/${i.id}`,
    })),
  };
}

type VehicleListRow = Pick<
  Vehicle,
  | "id"
  | "registration"
  | "category"
  | "identifier_name"
  | "fleet_number"
  | "vehicle_year"
  | "fuel"
  | "electric"
  | "device_imei"
  | "team_id"
> & { team_name: string | null; driver_name: string | null };

/** A row of the vehicle list, with its team's and driver's names. */
export function toVehicleListItemDto(r: VehicleListRow) {
  return {
    id: r.id,
    registration: r.registration,
    category: r.category,
    identifier_name: r.identifier_name,
    fleet_number: r.fleet_number,
    vehicle_year: r.vehicle_year,
    fuel: r.fuel,
    electric: r.electric,
    device_imei: r.device_imei,
    team_id: r.team_id,
    team_name: r.team_name,
    driver_name: r.driver_name,
  };
}
