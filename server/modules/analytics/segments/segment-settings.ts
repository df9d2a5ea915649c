import { z } from "zod";

/** How trips, stops and idling are told apart; per organisation, with these defaults (docs/analytics.md). */
export const segmentSettingsSchema = z.object({
  /** a vehicle stationary at least this long has stopped; shorter pauses stay inside the trip */
  minStopS: z.coerce.number().int().min(30).max(7200).default(300),
  /** a trip shorter than this is GPS drift or a manoeuvre: it folds into the stop around it */
  minTripDistanceM: z.coerce.number().int().min(0).max(10_000).default(500),
  /** ignition on below the moving speed for at least this long is an idling period */
  idleMinS: z.coerce.number().int().min(30).max(3600).default(120),
  /** no data for longer than this ends a trip at the last point before the gap; the gap counts as a stop */
  maxGapS: z.coerce.number().int().min(60).max(86_400).default(3600),
  /** at or above this speed a point is moving */
  movingSpeedKmh: z.coerce.number().min(1).max(30).default(5),
  /** above this speed a vehicle is speeding (speeding episodes, speeding time in trips, eco score) */
  speedLimitKmh: z.coerce.number().int().min(20).max(200).default(90),
  /** a speeding episode shorter than this is not recorded */
  minSpeedingS: z.coerce.number().int().min(0).max(600).default(10),
  /** ignition: a point with the ignition off is stationary (drift while parked is ignored); motion: speed alone; auto: ignition once the device has reported it */
  detection: z.enum(["auto", "ignition", "motion"]).default("auto"),
});

export type SegmentSettings = z.infer<typeof segmentSettingsSchema>;

export const DEFAULT_SEGMENT_SETTINGS: SegmentSettings = segmentSettingsSchema.parse({});
