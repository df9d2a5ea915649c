import type { Server } from "node:http";
import type { AppContext } from "../../context";
import { attachLiveBus, createLiveBus } from "./live-bus";
import { attachLiveHub, type LiveHub } from "./live-hub";

export { LIVE_PATH, LiveHub, positionMessage } from "./live-hub";
export { attachLiveBus, createLiveBus, getLiveBus, publishLive, type LiveBus } from "./live-bus";

/** Starts the process's live bus (Redis or PostgreSQL) and the /live WebSocket endpoint on `server`. */
export async function startLive(ctx: AppContext, server: Server, opts: { databaseUrl: string; redisUrl?: string | null }): Promise<{ hub: LiveHub; close(): Promise<void> }> {
  const bus = await createLiveBus({ redisUrl: opts.redisUrl ?? ctx.config.REDIS_URL, databaseUrl: opts.databaseUrl, log: ctx.log });
  attachLiveBus(ctx, bus);
  const hub = attachLiveHub(ctx, server, bus);
  return {
    hub,
    async close() {
      await hub.close();
      attachLiveBus(ctx, null);
      await bus.close();
    },
  };
}
