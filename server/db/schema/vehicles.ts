import type { Generated } from "kysely";
import type { TelematicsProtocol } from "../../shared/device-contract";
import type { Timestamp, Numeric, NullableNumeric } from "./common";

/** Vehicles and their images. */
export interface VehicleTables {
  vehicles: VehiclesTable;
  vehicle_images: VehicleImagesTable;
}

export interface VehiclesTable {
  id: Generated<string>;
  org_id: string;
  registration: string;
  category: "Truck" | "Van" | "Car";
  fuel: string | null;
  identifier_name: string | null;
  chassis_number: string | null;
  fuel_consumption: NullableNumeric;
  tank_volume: NullableNumeric;
  vehicle_year: number | null;
  size: string | null;
  purchase_price: NullableNumeric;
  estimated_consumption: NullableNumeric;
  electric: Generated<boolean>;
  fleet_number: string | null;
  business_number: string | null;
  fiscal_number: string | null;
  country: string | null;
  province: string | null;
  region: string | null;
  postal_code: string | null;
  team_id: string | null;
  driver_id: string | null;
  device_imei: string | null;
  device_protocol: TelematicsProtocol | null;
  odometer_km: Generated<Numeric>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VehicleImagesTable {
  id: Generated<string>;
  org_id: string;
  vehicle_id: string;
  content_type: string;
  byte_size: number;
  data: Buffer;
  created_at: Timestamp;
}
