/** The positions module's front door: what other modules and the server's adapters may use. */
export { fleetCounters, getVehicleLive, listFleetState } from "./fleet.service";
export { haversineM, segmentDistanceM } from "./geo";
export type { HookFix, PositionHook, PositionHookRun } from "./position-hooks";
export { positionsJobs } from "./positions.jobs";
export {
  assertUuid,
  fleetFilterSchema,
  REPLAY_MAX_DAYS,
  replayQuerySchema,
  retentionCutoff,
  uuidSchema,
} from "./positions.schema";
export { positionsRepo } from "./positions.repo";
export {
  createPositionPipeline,
  type PipelineOptions,
  type PipelineStats,
  type PositionPipeline,
} from "./positions.service";
export { drawnTrack, findReplayVehicle, getReplay, replayToCsv, replayToGpx } from "./replay.service";
export { emptyTrackState } from "./track-state";
export { positionHistoryRepo, positionSql, type HistoryPoint } from "./position-history.repo";
export { ignitionKey, vehicleStateRepo } from "./vehicle-state.repo";
export { DEVICE_FAULTS, displayState, pinColor, type StateLike, vehicleStatus } from "./vehicle-status";
export type { Replay, ReplayPoint } from "./replay.service";
