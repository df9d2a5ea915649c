import { z } from "zod";

/** Input of optimizeRoutes / the optimize-routes job: the geographic form of a problem. */

const latLon = z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) });

const timeWindow = z
  .object({ start: z.number(), end: z.number() })
  .refine((w) => w.end >= w.start, { message: "time window ends before it starts" });

const amounts = z.array(z.number().nonnegative()).max(16);
const skills = z.array(z.string().min(1)).max(64);
const priority = z.number().int().min(0).max(100);

export const vehicleSchema = z.object({
  id: z.string().min(1),
  start: latLon,
  /** null = open route */
  end: latLon.nullable().optional(),
  shift: timeWindow.optional(),
  capacity: amounts.optional(),
  skills: skills.optional(),
  maxDuration: z.number().positive().optional(),
  costPerKm: z.number().nonnegative().optional(),
  costPerHour: z.number().nonnegative().optional(),
  fixedCost: z.number().nonnegative().optional(),
});

export const jobSchema = z.object({
  id: z.string().min(1),
  location: latLon,
  service: z.number().nonnegative().optional(),
  timeWindows: z.array(timeWindow).max(32).optional(),
  delivery: amounts.optional(),
  pickup: amounts.optional(),
  skills: skills.optional(),
  priority: priority.optional(),
});

const stopSchema = z.object({
  location: latLon,
  service: z.number().nonnegative().optional(),
  timeWindows: z.array(timeWindow).max(32).optional(),
});

export const shipmentSchema = z.object({
  id: z.string().min(1),
  pickup: stopSchema,
  delivery: stopSchema,
  amount: amounts.optional(),
  skills: skills.optional(),
  priority: priority.optional(),
});

export const optimizationProblemSchema = z
  .object({
    /** names of the capacity dimensions, e.g. ["kg", "packets"]; informative only */
    dimensions: z.array(z.string()).optional(),
    vehicles: z.array(vehicleSchema).min(1).max(500),
    jobs: z.array(jobSchema).max(2_000).default([]),
    shipments: z.array(shipmentSchema).max(1_000).optional(),
    objective: z
      .object({ metric: z.enum(["distance", "duration"]).optional(), minimizeVehicles: z.boolean().optional() })
      .optional(),
    /**
     * Fleet limit: at most this many of the listed vehicles may be used (e.g. the trucks with a
     * driver today). Jobs the limited fleet cannot hold come back unassigned (FLEET_LIMIT).
     */
    maxVehicles: z.number().int().positive().optional(),
  })
  .superRefine((p, ctx) => {
    const seen = new Set<string>();
    for (const v of p.vehicles) {
      if (seen.has(v.id)) ctx.addIssue({ code: "custom", message: `duplicate vehicle id ${v.id}`, path: ["vehicles"] });
      seen.add(v.id);
    }
    const ids = new Set<string>();
    for (const j of [...p.jobs, ...(p.shipments ?? [])]) {
      if (ids.has(j.id)) ctx.addIssue({ code: "custom", message: `duplicate job/shipment id ${j.id}`, path: ["jobs"] });
      ids.add(j.id);
    }
  });

export type OptimizationInput = z.input<typeof optimizationProblemSchema>;
export type OptimizationProblem = z.output<typeof optimizationProblemSchema>;

export const matrixOptionsSchema = z.discriminatedUnion("provider", [
  z.object({
    provider: z.literal("haversine"),
    detourFactor: z.number().min(1).optional(),
    speedKmh: z.number().positive().optional(),
  }),
  z.object({
    provider: z.literal("osrm"),
    url: z.string().url(),
    profile: z.string().optional(),
    maxLocationsPerRequest: z.number().int().min(2).optional(),
    timeoutMs: z.number().int().positive().optional(),
  }),
  z.object({
    provider: z.literal("valhalla"),
    url: z.string().url(),
    costing: z.string().optional(),
    maxLocationsPerRequest: z.number().int().min(1).optional(),
    timeoutMs: z.number().int().positive().optional(),
  }),
]);
