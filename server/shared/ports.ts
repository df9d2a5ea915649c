import type { CommandResult, DeviceCommand } from "./device-contract";
import type { CompactPosition } from "./live-position";

/**
 * Process-wide services, handed around on the AppContext (server/context.ts). The web build bundles a
 * second copy of the server modules; both copies receive the same AppContext object through the load
 * context, so these objects exist once per process without any global registry.
 */

/** A live position crossing process boundaries: a compact tuple, read by name through `POS` (live-position.ts). */
export type { CompactPosition } from "./live-position";

/** A device command travelling to whichever process holds the device's connection. */
export interface CommandRequest {
  /** request id */
  id: string;
  /** the asking process */
  from: string;
  protocol: string;
  deviceId: string;
  command: DeviceCommand;
  timeoutMs: number;
}

export type BusMessage =
  | { k: "pos"; p: CompactPosition[] }
  /** a user's subscriptions changed: processes holding that user's sockets reload them */
  | { k: "subs"; u: string }
  /** an alert for the listed users of an organisation (in-app notification) */
  | { k: "alert"; o: string; u: string[]; a: Record<string, unknown> }
  /** a maintenance reminder notice for its responsible user (in-app notification, server/modules/maintenance/reminder-announce.ts) */
  | { k: "reminder"; o: string; u: string[]; r: Record<string, unknown> }
  /** a device was attached, detached or moved (`i`; absent: every device): processes drop its cached lookup */
  | { k: "dev"; i?: string }
  /** a device command for the process that holds the device */
  | { k: "cmd"; q: CommandRequest }
  /** that process has the device and sent the command (answer `to` the asking process) */
  | { k: "cmd-taken"; id: string; to: string }
  /** the device's answer */
  | { k: "cmd-done"; id: string; to: string; r: CommandResult };

/**
 * The fan-out between processes: Redis pub/sub with REDIS_URL, PostgreSQL LISTEN/NOTIFY otherwise. The
 * publishing process receives its own messages through the same channel, so there is one delivery path.
 */
export interface LivePort {
  readonly kind: "redis" | "postgres";
  publish(msg: BusMessage): Promise<void>;
  /** several messages in one round trip */
  publishMany(msgs: BusMessage[]): Promise<void>;
  onMessage(fn: (msg: BusMessage) => void): () => void;
}

/**
 * Hands the outbox events a change has just committed to their readers (webhooks, alert e-mails and live notices,
 * reminder e-mails) in the process that made them; server/modules/events/event-dispatch.ts.
 */
export interface EventsPort {
  dispatch(eventIds: readonly string[]): Promise<void>;
  /** every undispatched event of these organisations: after a request that changed something */
  dispatchOrgs(orgIds: readonly string[]): Promise<void>;
  /** the worker's sweep: events their process left undispatched; answers how many it dispatched */
  sweep(): Promise<number>;
}

/** Sends a command to a device, wherever its connection lives; resolves with the device's answer. */
export interface CommandPort {
  send(protocol: string, deviceId: string, command: DeviceCommand, timeoutMs: number): Promise<CommandResult>;
}

export interface KnownDevice {
  vehicleId: string;
  orgId: string;
}

/** device identifier → vehicle, cached briefly for the gateways; attaching a device invalidates its entry. */
export interface DevicePort {
  lookup(identifier: string): Promise<KnownDevice | null>;
  invalidate(identifier?: string): void;
}
