import type { Server } from "node:http";
import type { WithPorts } from "../../context";
import { attachLiveHub, type LiveHub } from "./live-hub";

export { LIVE_PATH, LiveHub, positionMessage } from "./live-hub";
export { createLiveBus, type LiveBus } from "./live-bus";

/** Serves the /live WebSocket endpoint on `server`, fed by the process's live bus (ctx.live). */
export function startLive(ctx: WithPorts<"live">, server: Server): { hub: LiveHub; close(): Promise<void> } {
  const hub = attachLiveHub(ctx, server, ctx.live);
  return { hub, close: () => hub.close() };
}
export type { CompactPosition } from "./live-bus";
export { liveJobs } from "./live.jobs";
export { subscribePositions, unsubscribePositions } from "./subscriptions";
