import { z } from "zod";
import type { AppContext } from "../../context";
import { AppError } from "../../errors";
import { authorize } from "../access/access.policy";
import type { Principal } from "../access/principal";
import { subscriptionsRepo } from "./subscriptions.repo";
import { uuidSchema } from "../positions";

/** Spec section 7: the param is markers, list or tms, built from a prefix, the user id and epoch seconds. */
export const CHANNEL_PREFIXES = ["markers", "list", "tms"] as const;
const CHANNEL_RE = /^(markers|list|tms)-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-(\d{9,11})$/i;

export function parseChannel(
  param: string,
): { prefix: (typeof CHANNEL_PREFIXES)[number]; userId: string; epochSeconds: number } | null {
  const m = CHANNEL_RE.exec(param);
  if (!m) return null;
  return {
    prefix: m[1].toLowerCase() as (typeof CHANNEL_PREFIXES)[number],
    userId: m[2].toLowerCase(),
    epochSeconds: Number(m[3]),
  };
}

/** The channel must be well formed and name the caller. */
export function checkChannel(p: Principal, param: string): string {
  const c = parseChannel(param);
  if (!c)
    throw new AppError("SUBSCRIPTION_INVALID", "The channel must be markers-, list- or tms-<user id>-<epoch seconds>");
  if (c.userId !== p.userId.toLowerCase()) throw new AppError("FORBIDDEN", "The channel belongs to another user");
  return param;
}

const vehicleItem = z.union([
  z.string(),
  z.number(),
  z.object({ id: z.union([z.string(), z.number()]) }).transform((o) => o.id),
]);
const bodySchema = z.union([
  z.array(vehicleItem),
  z.object({ vehicles: z.array(vehicleItem) }).transform((o) => o.vehicles),
]);

/** Accepts a JSON array of vehicle ids or { vehicles: [...] } (ids or objects with an id). */
export function parseVehicleList(body: unknown): string[] {
  const parsed = bodySchema.safeParse(body);
  if (!parsed.success) throw new AppError("VALIDATION", "Send a list of vehicles");
  if (parsed.data.length > 5000) throw new AppError("VALIDATION", "Too many vehicles");
  return [...new Set(parsed.data.map(String))];
}

async function visibleIds(ctx: AppContext, p: Principal, ids: string[]): Promise<string[]> {
  return subscriptionsRepo.visibleIds(
    ctx.db,
    p,
    ids.filter((id) => uuidSchema.safeParse(id).success),
  );
}

/** POST {socket url}/api/subscribe/positions/{param}: answers the vehicles actually subscribed (those the user may see). */
export async function subscribePositions(ctx: AppContext, p: Principal, param: string, body: unknown) {
  authorize(p, "manage:read");
  const channel = checkChannel(p, param);
  const vehicles = await visibleIds(ctx, p, parseVehicleList(body));
  if (vehicles.length) {
    await subscriptionsRepo.add(ctx.db, p, channel, vehicles);
    await ctx.live?.publish({ k: "subs", u: p.userId });
  }
  return { channel, vehicles };
}

/** DELETE on the same path: answers the vehicles still subscribed on the channel. */
export async function unsubscribePositions(ctx: AppContext, p: Principal, param: string, body: unknown) {
  authorize(p, "manage:read");
  const channel = checkChannel(p, param);
  const ids = parseVehicleList(body).filter((id) => uuidSchema.safeParse(id).success);
  if (ids.length) {
    await subscriptionsRepo.remove(ctx.db, p.userId, channel, ids);
    await ctx.live?.publish({ k: "subs", u: p.userId });
  }
  return { channel, vehicles: await subscriptionsRepo.channelVehicles(ctx.db, p.userId, channel) };
}

/** Channels are per page load; forget those older than a day (maintenance job). */
export async function pruneSubscriptions(ctx: AppContext, olderThan: Date): Promise<number> {
  return subscriptionsRepo.prune(ctx.db, olderThan);
}
