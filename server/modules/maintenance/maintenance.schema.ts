import { z } from "zod";
import { dateParam, requiredDate } from "../../shared/date-schemas";
import {
  checkbox,
  optionalInt,
  optionalNumber,
  optionalText,
  optionalUuid,
  requiredText,
  uuidList,
} from "../shared/form-values";

export const REMINDER_KINDS = ["regular", "obligatory"] as const;
export const SUPPLIER_CATEGORIES = ["service", "parts", "fuel", "wash", "other"] as const;
export const WASH_TYPES = ["exterior", "interior", "full"] as const;
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
export const ATTACHMENT_TYPES = ["image/jpeg", "image/png", "image/webp", "application/pdf"] as const;
/** An entered odometer further than this from the telematics odometer is shown as a disagreement (the default). */
export const ODOMETER_TOLERANCE_KM = 50;
/** A full-tank consumption further than this share from the vehicle's estimate is flagged (the default). */
export const CONSUMPTION_TOLERANCE = 0.3;
/** The organisation's tolerances (maintenance settings), their defaults and bounds. */
export const TOLERANCE_BOUNDS = { consumption_tolerance_pct: [5, 100], odometer_tolerance_km: [1, 1000] } as const;
export const DEFAULT_TOLERANCES = {
  consumption_tolerance_pct: CONSUMPTION_TOLERANCE * 100,
  odometer_tolerance_km: ODOMETER_TOLERANCE_KM,
};

/**
 * An engine-hours reading, the same rule wherever one is entered (services, completions, fuel reports, a reminder's
 * base): hours, not negative, blank is none; the database keeps tenths (numeric(12, 1)).
 */
export const engineHoursReading = () => optionalNumber(0, 1_000_000);

const requiredNumber = (min: number, max: number) =>
  z.preprocess(
    (v) =>
      v === "" || v === null || v === undefined
        ? undefined
        : typeof v === "string"
          ? Number(v.trim().replace(",", "."))
          : v,
    z
      .number({ error: (iss) => (iss.input === undefined ? "errors.required" : "errors.number") })
      .min(min, "errors.range")
      .max(max, "errors.range"),
  );

/** A reminder for one vehicle or many at once (one reminder per vehicle). */
export const reminderInputSchema = z
  .object({
    vehicle_ids: uuidList(),
    name: requiredText(120),
    kind: z.preprocess(
      (v) => (v === "" || v == null ? "regular" : v),
      z.enum(REMINDER_KINDS, { error: "errors.invalid" }),
    ),
    interval_days: optionalInt(1, 3650),
    interval_km: optionalInt(1, 1_000_000),
    interval_hours: optionalInt(1, 100_000),
    before_days: optionalInt(0, 365),
    before_km: optionalInt(0, 100_000),
    before_hours: optionalInt(0, 10_000),
    repeat: checkbox(),
    active: checkbox(),
    base_date: requiredDate(),
    /** the odometer the interval counts from; blank: the vehicle's current odometer */
    base_odometer_km: optionalNumber(0, 10_000_000),
    /** the engine hours the interval counts from; blank: the vehicle's current engine hours */
    base_engine_hours: engineHoursReading(),
    responsible_user_id: optionalUuid(),
    notes: optionalText(1000),
  })
  .superRefine((v, ctx) => {
    if (!v.vehicle_ids.length) ctx.addIssue({ code: "custom", path: ["vehicle_ids"], message: "errors.required" });
    if (v.interval_days == null && v.interval_km == null && v.interval_hours == null)
      ctx.addIssue({ code: "custom", path: ["interval_days"], message: "maintenance:errors.intervalRequired" });
  });
export type ReminderInput = z.infer<typeof reminderInputSchema>;

export const reminderFilterSchema = z.object({
  vehicle_id: z.preprocess((v) => (v === "" ? undefined : v), z.uuid().optional()).catch(undefined),
  team_id: z.preprocess((v) => (v === "" ? undefined : v), z.uuid().optional()).catch(undefined),
  kind: z.enum(REMINDER_KINDS).optional().catch(undefined),
  status: z.enum(["ok", "due_soon", "due", "overdue", "inactive", "done"]).optional().catch(undefined),
});
export type ReminderFilter = z.infer<typeof reminderFilterSchema>;

const partLines = {
  part_id: z.preprocess((v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]), z.array(z.string())),
  part_quantity: z.preprocess(
    (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]),
    z.array(z.string()),
  ),
};

/** A service report (or the completion of a reminder, which is one). */
export const serviceInputSchema = z.object({
  vehicle_id: z.uuid({ error: "errors.required" }),
  service_type: requiredText(120),
  completed_on: requiredDate(),
  odometer_km: optionalNumber(0, 10_000_000),
  /** the engine-hours reading (a vehicle without a device takes its hours from the highest one entered) */
  engine_hours: engineHoursReading(),
  cost: optionalNumber(0, 100_000_000),
  supplier_id: optionalUuid(),
  notes: optionalText(2000),
  ...partLines,
});
export type ServiceInput = z.infer<typeof serviceInputSchema>;

export const completeReminderSchema = serviceInputSchema.omit({ vehicle_id: true, service_type: true });
export type CompleteReminderInput = z.infer<typeof completeReminderSchema>;

export const washInputSchema = z.object({
  vehicle_id: z.uuid({ error: "errors.required" }),
  service_type: z.preprocess(
    (v) => (v === "" || v == null ? "exterior" : v),
    z.enum(WASH_TYPES, { error: "errors.invalid" }),
  ),
  completed_on: requiredDate(),
  cost: optionalNumber(0, 100_000_000),
  supplier_id: optionalUuid(),
  notes: optionalText(1000),
});
export type WashInput = z.infer<typeof washInputSchema>;

export const fuelInputSchema = z.object({
  vehicle_id: z.uuid({ error: "errors.required" }),
  filled_on: requiredDate(),
  liters: requiredNumber(0.01, 10_000),
  price: optionalNumber(0, 10_000_000),
  bill_number: optionalText(60),
  odometer_km: requiredNumber(0, 10_000_000),
  /** the engine-hours meter at the fill (plant, reefers, generators): l/h between full tanks; blank is none */
  engine_hours: engineHoursReading(),
  full_tank: checkbox(),
  supplier_id: optionalUuid(),
  notes: optionalText(1000),
  /** the user confirms an odometer lower than an earlier fill-up's (a corrected reading, a replaced meter) */
  confirm_odometer: checkbox(),
});
export type FuelInput = z.infer<typeof fuelInputSchema>;

export const supplierInputSchema = z.object({
  name: requiredText(120),
  category: z.preprocess(
    (v) => (v === "" || v == null ? "service" : v),
    z.enum(SUPPLIER_CATEGORIES, { error: "errors.invalid" }),
  ),
  contact_person: optionalText(120),
  phone: optionalText(40),
  email: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : typeof v === "string" ? v.trim() : v),
    z.email("errors.email").nullable().optional(),
  ),
  address: optionalText(200),
  notes: optionalText(1000),
});
export type SupplierInput = z.infer<typeof supplierInputSchema>;

export const partInputSchema = z.object({
  name: requiredText(120),
  part_number: optionalText(60),
  supplier_id: optionalUuid(),
  unit_price: optionalNumber(0, 10_000_000),
  notes: optionalText(1000),
});
export type PartInput = z.infer<typeof partInputSchema>;

export const stockMovementSchema = z.object({
  quantity: requiredNumber(-1_000_000, 1_000_000).refine((n) => n !== 0, "errors.range"),
  reason: z.preprocess(
    (v) => (v === "" || v == null ? "purchase" : v),
    z.enum(["purchase", "adjustment"], { error: "errors.invalid" }),
  ),
  note: optionalText(200),
});
export type StockMovementInput = z.infer<typeof stockMovementSchema>;

export const costFilterSchema = z.object({
  from: dateParam(),
  to: dateParam(),
  team_id: z.preprocess((v) => (v === "" ? undefined : v), z.uuid().optional()).catch(undefined),
});

/** Vehicle and period of a records list (screens and API); a bad value is ignored. */
export const recordFilterSchema = z.object({
  vehicle_id: z.preprocess((v) => (v === "" ? undefined : v), z.uuid().optional()).catch(undefined),
  from: dateParam().catch(undefined),
  to: dateParam().catch(undefined),
});

const tolerance = (key: keyof typeof TOLERANCE_BOUNDS) =>
  z.preprocess(
    (v) =>
      v === "" || v === null || v === undefined
        ? undefined
        : typeof v === "string"
          ? Number(v.trim().replace(",", "."))
          : v,
    z
      .number({ error: (iss) => (iss.input === undefined ? "errors.required" : "errors.number") })
      .int("errors.number")
      .min(TOLERANCE_BOUNDS[key][0], "errors.range")
      .max(TOLERANCE_BOUNDS[key][1], "errors.range"),
  );

/** The organisation's maintenance settings: the fuel tolerances (whole percent and km). */
export const maintenanceSettingsSchema = z.object({
  consumption_tolerance_pct: tolerance("consumption_tolerance_pct"),
  odometer_tolerance_km: tolerance("odometer_tolerance_km"),
});
export type MaintenanceSettings = z.infer<typeof maintenanceSettingsSchema>;
