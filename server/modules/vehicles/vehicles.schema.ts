import { z } from "zod";
import { PROTOCOL_NAMES } from "../../shared/protocols";
import { checkbox, optionalInt, optionalNumber, optionalText, optionalUuid, requiredText } from "../shared/form-values";

export const VEHICLE_CATEGORIES = ["Truck", "Van", "Car"] as const;
export const FUEL_TYPES = ["diesel", "petrol", "lpg", "cng", "electric", "hybrid"] as const;
/** every device protocol (server/shared/protocols.ts): the `device_protocol` values */
export const DEVICE_PROTOCOLS = PROTOCOL_NAMES;
export const MAX_VEHICLE_IMAGES = 3;
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

export const vehicleInputSchema = z.object({
  registration: requiredText(20).transform((s) => s.toUpperCase()),
  category: z.enum(VEHICLE_CATEGORIES, { error: "errors.required" }),
  fuel: z.preprocess(
    (v) => (v === "" ? null : v),
    z.enum(FUEL_TYPES, { error: "errors.invalid" }).nullable().optional(),
  ),
  identifier_name: optionalText(80),
  chassis_number: optionalText(40),
  fuel_consumption: optionalNumber(0, 200),
  tank_volume: optionalNumber(0, 5000),
  vehicle_year: optionalInt(1950, 2100),
  size: optionalText(40),
  purchase_price: optionalNumber(0, 100_000_000),
  estimated_consumption: optionalNumber(0, 200),
  electric: checkbox(),
  fleet_number: optionalText(40),
  business_number: optionalText(40),
  fiscal_number: optionalText(40),
  country: optionalText(80),
  province: optionalText(80),
  region: optionalText(80),
  postal_code: optionalText(20),
  team_id: optionalUuid(),
  driver_id: optionalUuid(),
  device_imei: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : typeof v === "string" ? v.trim() : v),
    z
      .string()
      .regex(/^[0-9A-Za-z_-]{4,32}$/, "errors.deviceId")
      .nullable()
      .optional(),
  ),
  device_protocol: z.preprocess(
    (v) => (v === "" ? null : v),
    z.enum(DEVICE_PROTOCOLS, { error: "errors.invalid" }).nullable().optional(),
  ),
});
export type VehicleInput = z.infer<typeof vehicleInputSchema>;

export const vehicleFilterSchema = z.object({
  category: z.enum(VEHICLE_CATEGORIES).optional().catch(undefined),
  team: z.string().uuid().optional().catch(undefined),
});
