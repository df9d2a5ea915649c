import { z } from "zod";
import { dateParam, optionalTime, requiredDate, requiredTime } from "../../shared/date-schemas";
import { optionalText, requiredText, toList, uuidList } from "../shared/form-values";

/** Spec section 4: a transport order is PENDING, STARTED (truck on its way) or FINISHED (delivered). */
export const ORDER_STATUSES = ["PENDING", "STARTED", "FINISHED"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Spec section 4: optimisations are draft or completed. */
export const OPTIMIZATION_STATUSES = ["draft", "completed"] as const;
export const WEIGHT_UNITS = ["kg", "t", "lb"] as const;
export const PACKET_UNITS = ["packets", "pallets", "boxes", "crates"] as const;
export const FINISHED_BY = ["driver", "arrival", "api", "planner"] as const;
/** Import: up to 1000 rows per file (the spec's import limit for jobs, kept for orders). */
export const MAX_IMPORT_ROWS = 1000;
/** A tracking link stays valid this long after the order is finished. */
export const TRACKING_GRACE_HOURS = 24;
/** A tracking link of an order not yet finished is valid this many days after its delivery day. */
export const TRACKING_VALID_DAYS = 2;

const num = (v: unknown) =>
  v === "" || v === null || v === undefined
    ? undefined
    : typeof v === "string"
      ? Number(v.trim().replace(",", "."))
      : v;

const requiredNumber = (min: number, max: number, int = false) =>
  z.preprocess(
    num,
    (int
      ? z.number({ error: (i) => (i.input === undefined ? "errors.required" : "errors.number") }).int("errors.number")
      : z.number({ error: (i) => (i.input === undefined ? "errors.required" : "errors.number") })
    )
      .min(min, "errors.range")
      .max(max, "errors.range"),
  );

const amount = (max: number, int = false) =>
  z.preprocess(
    (v) => (v === "" || v === null || v === undefined ? 0 : num(v)),
    (int ? z.number({ error: "errors.number" }).int("errors.number") : z.number({ error: "errors.number" }))
      .min(0, "errors.range")
      .max(max, "errors.range"),
  );

/** "HH:mm" → minutes after midnight. */
export const toMinutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
export const fromMinutes = (m: number | null | undefined) =>
  m === null || m === undefined
    ? ""
    : `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;

/** A transport order as entered (spec section 3 fields, plus where and when it is delivered). */
export const orderInputSchema = z
  .object({
    order_id: requiredText(60),
    client_order_id: optionalText(60),
    customer_code: requiredText(60),
    customer_name: optionalText(120),
    address: optionalText(200),
    latitude: requiredNumber(-90, 90),
    longitude: requiredNumber(-180, 180),
    region: optionalText(80),
    business: optionalText(80),
    packets: amount(100_000, true),
    weight: amount(1_000_000),
    sales_agent: optionalText(120),
    delivery_date_at: requiredDate(),
    window_start: optionalTime(),
    window_end: optionalTime(),
    notes: optionalText(500),
  })
  .superRefine((o, ctx) => {
    if ((o.window_start === null) !== (o.window_end === null)) {
      ctx.addIssue({
        code: "custom",
        path: [o.window_start === null ? "window_start" : "window_end"],
        message: "errors.required",
      });
    } else if (o.window_start && o.window_end && toMinutes(o.window_start) >= toMinutes(o.window_end)) {
      ctx.addIssue({ code: "custom", path: ["window_end"], message: "errors.windowOrder" });
    }
  });
export type OrderInput = z.infer<typeof orderInputSchema>;

export const orderFilterSchema = z.object({
  status: z.enum(ORDER_STATUSES).optional().catch(undefined),
  day: dateParam().catch(undefined),
});

/** One truck of a plan: a visible vehicle and its capacity. */
export const truckSchema = z.object({
  vehicle_id: z.uuid("errors.invalid"),
  capacity_weight: requiredNumber(0.01, 1_000_000),
  capacity_packets: requiredNumber(0, 100_000, true),
});

/**
 * An optimisation as the form posts it: the day, the depot, the chosen orders (repeated `orders`) and the trucks
 * (repeated `truck` ids with `weight_<id>` and `packets_<id>` capacities).
 */
export const optimizationInputSchema = z.object({
  name: requiredText(120),
  day: requiredDate(),
  depot_id: z.uuid("errors.required"),
  orders: uuidList().pipe(z.array(z.uuid()).min(1, "errors.noOrders")),
  trucks: z.preprocess(toList, z.array(truckSchema).min(1, "errors.noTrucks")),
});
export type OptimizationInput = z.infer<typeof optimizationInputSchema>;

/**
 * The plan form as the browser posts it, with each error on the input that carries it (`weight_<id>`,
 * `packets_<id>` of each chosen `truck`): Conform checks it in the browser and in the action, so a refused
 * plan comes back with every field as typed. The service still parses `optimizationInputSchema` (the API's shape).
 */
export const planFormSchema = z
  .looseObject({
    name: requiredText(120),
    day: requiredDate(),
    depot_id: z.uuid("errors.required"),
    orders: z.preprocess(toList, z.array(z.uuid("errors.invalid")).min(1, "errors.noOrders")),
    truck: z.preprocess(toList, z.array(z.uuid("errors.invalid")).min(1, "errors.noTrucks")),
  })
  .superRefine((v, ctx) => {
    for (const id of v.truck) {
      for (const [name, schema] of [
        [`weight_${id}`, truckSchema.shape.capacity_weight],
        [`packets_${id}`, truckSchema.shape.capacity_packets],
      ] as const) {
        const r = schema.safeParse((v as Record<string, unknown>)[name]);
        if (!r.success) ctx.addIssue({ code: "custom", path: [name], message: r.error.issues[0].message });
      }
    }
  });

/** The form's trucks: checkbox `truck` = vehicle id, capacities in `weight_<id>` / `packets_<id>`. */
export function trucksFromForm(form: Record<string, unknown>): Array<Record<string, unknown>> {
  return toList(form.truck).map((id) => ({
    vehicle_id: id,
    capacity_weight: form[`weight_${id}`],
    capacity_packets: form[`packets_${id}`],
  }));
}

export const moveOrderSchema = z.object({
  order: z.uuid("errors.invalid"),
  /** the target truck, or "" to leave the order out of the plan */
  vehicle_id: z.preprocess((v) => (v === "" ? null : v), z.uuid("errors.invalid").nullable()),
  /** 1-based place in the target truck's sequence; the end when missing */
  position: z.preprocess((v) => (v === "" || v === undefined ? null : num(v)), z.number().int().min(1).nullable()),
});

export const settingsInputSchema = z
  .object({
    service_minutes: requiredNumber(0, 240, true),
    weight_unit: z.enum(WEIGHT_UNITS, { error: "errors.invalid" }),
    packet_unit: z.enum(PACKET_UNITS, { error: "errors.invalid" }),
    window_start: requiredTime(),
    window_end: requiredTime(),
    time_limit_s: requiredNumber(1, 600, true),
    arrival_radius_m: requiredNumber(20, 5000, true),
  })
  .superRefine((s, ctx) => {
    if (s.window_start && s.window_end && toMinutes(s.window_start) >= toMinutes(s.window_end)) {
      ctx.addIssue({ code: "custom", path: ["window_end"], message: "errors.windowOrder" });
    }
  });
export type SettingsInput = z.infer<typeof settingsInputSchema>;

export const depotInputSchema = z.object({
  name: requiredText(120),
  latitude: requiredNumber(-90, 90),
  longitude: requiredNumber(-180, 180),
});

export const finishOrderSchema = z.object({ by: z.enum(FINISHED_BY).default("planner") });

export const apiKeyInputSchema = z.object({ name: requiredText(80) });
