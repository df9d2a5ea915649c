import { z } from "zod";
import { uuidList } from "../../shared/form-values";
import { TIME_WINDOWS } from "../../shared/reports/period";

export const METRICS = [
  "distance",
  "driving_time",
  "idling_time",
  "stops",
  "trips",
  "max_speed",
  "speeding_events",
  "alerts",
  "fuel_used",
  "utilisation",
  "engine_hours",
  "eco_score",
] as const;
export type Metric = (typeof METRICS)[number];
export const CHART_TYPES = ["number", "bar", "line", "pie", "table"] as const;
export type ChartType = (typeof CHART_TYPES)[number];

/** A tile as the form and the API send it. */
export const tileInputSchema = z.object({
  metric: z.enum(METRICS, { error: "errors.required" }),
  chart_type: z.enum(CHART_TYPES, { error: "errors.required" }),
  ranking: z.preprocess(
    (v) => (v === "" || v === "none" ? null : v),
    z.enum(["top", "bottom"]).nullable().default(null),
  ),
  ranking_size: z.coerce
    .number()
    .pipe(z.union([z.literal(10), z.literal(50)]))
    .default(10),
  aggregation: z.enum(["total", "average"]).default("total"),
  time_window: z.enum(TIME_WINDOWS, { error: "errors.required" }),
  vehicle_ids: uuidList(),
  team_ids: uuidList(),
});
export type TileInput = z.infer<typeof tileInputSchema>;

export interface Tile extends TileInput {
  id: string;
  position: number;
}
