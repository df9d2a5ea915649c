import type { AppContext } from "../../context";
import { metricSources } from "../../metrics";
import type { PositionHook } from "../positions";
import { forwardingRepo, type ActiveTarget } from "./forwarding.repo";
import { TargetSender, type ForwardItem } from "./target-sender";

/** How often the active targets are reloaded (a change on the page takes effect within this time). */
const RELOAD_MS = 5000;
/** How long a vehicle's registration and device identifier are reused from memory. */
const VEHICLE_TTL_MS = 60_000;

export interface Forwarder {
  /** rides along the position pipeline: collects each committed fix of an organisation with targets */
  readonly hook: PositionHook;
  /** reloads the active targets now (tests, after changing them) */
  reload(): Promise<void>;
  /** positions waiting in this process, by target id */
  depths(): Record<string, number>;
  /** gives the queues `graceMs` to empty, counts the rest as dropped */
  close(graceMs?: number): Promise<void>;
}

/**
 * The process's position forwarding (docs/integrations.md): one TargetSender per active target. The position
 * hook only copies references into an array inside the transaction and hands them to the senders' queues after the
 * commit: it neither queries per fix nor waits for a receiver, so it never slows the devices' acknowledgements.
 * Each process forwards the positions it stored itself.
 */
export function createForwarder(
  ctx: Pick<AppContext, "db" | "log" | "config">,
  opts: { reloadMs?: number; loadTargets?: () => Promise<ActiveTarget[]> } = {},
) {
  const { config } = ctx;
  const log = ctx.log.child({ module: "forwarding" });
  const reloadMs = opts.reloadMs ?? RELOAD_MS;
  const senders = new Map<string, TargetSender>();
  let byOrg = new Map<string, TargetSender[]>();
  let loadedAt = 0;
  let loading: Promise<void> | null = null;
  let closed = false;
  const vehicles = new Map<string, { registration: string | null; device: string | null; at: number }>();

  async function describe(items: ForwardItem[]): Promise<object[]> {
    const now = Date.now();
    const missing = [...new Set(items.map((i) => i.vehicleId))].filter(
      (id) => (vehicles.get(id)?.at ?? 0) < now - VEHICLE_TTL_MS,
    );
    if (missing.length) {
      const rows = await forwardingRepo.vehicles(ctx.db, missing).catch((err) => {
        log.warn({ err }, "reading the forwarded vehicles' registrations failed");
        return [];
      });
      for (const r of rows) vehicles.set(r.id, { registration: r.registration, device: r.device_imei, at: now });
    }
    return items.map(({ vehicleId, deviceId, fix, odometerM }) => {
      const v = vehicles.get(vehicleId);
      return {
        vehicle_id: vehicleId,
        registration: v?.registration ?? null,
        device_id: deviceId ?? v?.device ?? null,
        time: new Date(fix.fixTime).toISOString(),
        lat: fix.lat,
        lon: fix.lon,
        speed: fix.speed,
        course: fix.course,
        altitude: fix.altitude,
        satellites: fix.satellites,
        valid: fix.valid,
        ignition: fix.ignition,
        odometer_m: odometerM === null ? null : Math.round(odometerM),
        device_odometer_m: fix.odometer,
        alarm: fix.alarm,
      };
    });
  }

  const senderOptions = {
    queueSize: config.FORWARDING_QUEUE_SIZE,
    batchSize: config.FORWARDING_BATCH_SIZE,
    batchMs: config.FORWARDING_BATCH_MS,
    retryMs: config.FORWARDING_RETRY_MS,
    maxAttempts: config.FORWARDING_MAX_ATTEMPTS,
    timeoutMs: config.FORWARDING_TIMEOUT_MS,
    allowPrivate: config.OUTBOUND_ALLOW_PRIVATE,
  };

  async function reload(): Promise<void> {
    const rows = await (opts.loadTargets ? opts.loadTargets() : forwardingRepo.active(ctx.db));
    if (closed) return;
    const next = new Map<string, TargetSender[]>();
    const seen = new Set<string>();
    for (const row of rows) {
      seen.add(row.id);
      let sender = senders.get(row.id);
      if (sender) sender.target = row;
      else {
        sender = new TargetSender(row, senderOptions, { db: ctx.db, log, describe });
        senders.set(row.id, sender);
      }
      next.set(row.org_id, [...(next.get(row.org_id) ?? []), sender]);
    }
    for (const [id, sender] of senders)
      if (!seen.has(id)) {
        senders.delete(id);
        void sender.stop();
      }
    byOrg = next;
    loadedAt = Date.now();
  }

  function refresh(): Promise<void> {
    loading ??= reload()
      .catch((err) => {
        loadedAt = Date.now();
        log.warn({ err }, "loading the forwarding targets failed");
      })
      .finally(() => (loading = null));
    return loading;
  }

  const unregister = metricSources.forwarding(() => {
    const out: Record<string, number> = {};
    for (const s of senders.values()) out[s.target.kind] = (out[s.target.kind] ?? 0) + s.depth;
    return out;
  });

  const hook: PositionHook = {
    name: "forwarding",
    async begin(orgIds) {
      if (!loadedAt) await refresh();
      else if (Date.now() - loadedAt > reloadMs) void refresh();
      const targets = byOrg;
      if (!orgIds.some((o) => targets.has(o))) return {};
      const found: ForwardItem[] = [];
      return {
        onFix(device, state, _before, fix) {
          if (targets.has(device.orgId))
            found.push({
              orgId: device.orgId,
              vehicleId: device.vehicleId,
              deviceId: state.deviceId,
              fix,
              odometerM: state.odometerM,
            });
        },
        onLateFix(device, fix) {
          if (targets.has(device.orgId))
            found.push({ orgId: device.orgId, vehicleId: device.vehicleId, deviceId: null, fix, odometerM: null });
        },
        afterCommit() {
          const perOrg = new Map<string, ForwardItem[]>();
          for (const item of found) {
            const list = perOrg.get(item.orgId);
            if (list) list.push(item);
            else perOrg.set(item.orgId, [item]);
          }
          for (const [orgId, items] of perOrg) for (const sender of targets.get(orgId) ?? []) sender.push(items);
        },
      };
    },
  };

  return {
    hook,
    reload: () => (loading ? loading.then(refresh) : refresh()),
    depths: () => Object.fromEntries([...senders].map(([id, s]) => [id, s.depth])),
    async close(graceMs = 2000) {
      closed = true;
      unregister();
      await loading;
      await Promise.all([...senders.values()].map((s) => s.close(graceMs)));
      senders.clear();
      byOrg = new Map();
    },
  } satisfies Forwarder;
}
