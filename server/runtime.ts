import type { WithPorts } from "./context";
import { metrics } from "./metrics";
import { createAlertHook, AlertRulesCache } from "./modules/alerts";
import { createSegmentsHook } from "./modules/analytics";
import { createRoutePlanningHook } from "./modules/route-planning";
import { createTmsArrivalHook } from "./modules/tms";
import { createForwarder, type Forwarder } from "./modules/forwarding";
import { recordUnknownDevice, recordDeviceStatus, recordRefusedFrame } from "./modules/devices";
import type { LocalCommands } from "./modules/immobilization";
import { createCameraUploads } from "./modules/video";
import { createPositionPipeline, type PipelineOptions, type PositionPipeline } from "./modules/positions";
import { startCameraServer, type CameraServer } from "./telematics/gateway/dualcam-server";
import { teltonikaUdpHandler } from "./telematics/gateway/teltonika-udp-handler";
import { startUdpGateway, type UdpGateway } from "./telematics/gateway/udp-gateway";
import {
  byProtocol,
  protocolPortVariable,
  startOsmAndServer,
  startTcpGateway,
  TCP_PROTOCOLS,
  type OsmAndServer,
  type ProtocolName,
  type TcpGateway,
  type TcpProtocol,
} from "./telematics/index";

export interface TelematicsRuntime {
  /** Ports actually bound; a protocol configured with port 0 in production is absent. */
  ports: Partial<Record<ProtocolName | "camera" | "teltonikaUdp", number>>;
  gateways: Partial<Record<TcpProtocol, TcpGateway>>;
  pipeline: PositionPipeline;
  /** commands to the devices connected to this process's gateways (the command relay's local side) */
  commands: LocalCommands;
  /** the alert rules this process evaluates positions against (tests invalidate it after changing policies) */
  alertRules: AlertRulesCache;
  /** position forwarding to the organisations' systems (tests reload its targets after changing them) */
  forwarding: Forwarder;
  /** Waits for the work that follows the commits so far: segment derivation, alerts' announcements, publishing. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

export interface StartTelematicsOptions {
  /** Port per protocol; 0 disables the protocol unless `ephemeral` (tests: 0 picks a free port). */
  ports?: Partial<Record<ProtocolName | "camera", number>>;
  ephemeral?: boolean;
  host?: string;
  pipeline?: Partial<Pick<PipelineOptions, "concurrency" | "maxGroupRecords" | "now">>;
  /** how often the alert rules' version is checked (ms); 0 = before every transaction */
  alertRulesCheckMs?: number;
  /** how long route planning's open jobs and TMS's started orders are reused between transactions (ms); 0 = none */
  hookCacheMs?: number;
}

/**
 * Starts every protocol's gateway (server/shared/protocols.ts) on its configured port, wired to the position
 * pipeline (store, then acknowledge, then publish live on ctx.live) and the unknown-device log; device
 * lookups go through ctx.devices. The returned `commands` reach the devices connected here.
 */
export async function startTelematics(
  ctx: WithPorts<"devices">,
  opts: StartTelematicsOptions = {},
): Promise<TelematicsRuntime> {
  const { config, log } = ctx;
  const registry = ctx.devices;
  const alertRules = new AlertRulesCache(ctx.db, opts.alertRulesCheckMs ?? 1000);
  const forwarding = createForwarder(ctx);
  const pipeline = createPositionPipeline({
    db: ctx.db,
    log: log.child({ module: "positions" }),
    lookup: (id) => registry.lookup(id),
    publish: (p) => ctx.live?.publish({ k: "pos", p }),
    // Every module that reacts to positions adds its hook here; alerts come first.
    hooks: [
      createAlertHook(ctx, alertRules),
      createSegmentsHook(ctx),
      createRoutePlanningHook(ctx, { cacheMs: opts.hookCacheMs }),
      createTmsArrivalHook(ctx, { cacheMs: opts.hookCacheMs }),
      // last: it only copies the committed fixes to its queues
      forwarding.hook,
    ],
    ...opts.pipeline,
  });
  const refused = (identifier: string, protocol: string, frame: Buffer, reason: string, knownDevice: boolean) =>
    recordRefusedFrame(ctx.db, { identifier, protocol, frame, reason, knownDevice }).catch((err) =>
      log.warn({ err }, "recording a refused frame failed"),
    );
  const callbacks = {
    isKnownDevice: async (id: string) => (await registry.lookup(id)) !== null,
    onUnknownDevice: async (id: string, protocol: string, remote: string, frame?: Buffer) => {
      log.info({ deviceId: id, protocol, remote }, "refused unknown device");
      await recordUnknownDevice(ctx.db, id, protocol, remote).catch((err) =>
        log.warn({ err }, "recording unknown device failed"),
      );
      if (frame) await refused(id, protocol, frame, "unknown device: no vehicle has this identifier", false);
    },
    // Values of frames without a position: stored before the device is acknowledged.
    onDeviceStatus: async (id: string, status: Parameters<typeof recordDeviceStatus>[3]) => {
      const device = await registry.lookup(id);
      if (device) await recordDeviceStatus(ctx.db, device, id, status);
    },
    onFrameRefused: (id: string, protocol: string, frame: Buffer, reason: string) =>
      refused(id, protocol, frame, reason, true),
    onPositions: (id: string, positions: Parameters<PositionPipeline["onPositions"]>[1]) =>
      pipeline.onPositions(id, positions),
  };
  /** The shared callbacks, with each protocol's positions counted and their commit timed for /metrics. */
  const callbacksFor = (protocol: string) => ({
    ...callbacks,
    async onPositions(id: string, positions: Parameters<PositionPipeline["onPositions"]>[1]) {
      const start = process.hrtime.bigint();
      metrics.positionsReceived(protocol, positions.length);
      const stored = await pipeline.onPositions(id, positions);
      metrics.positionsStored(protocol, stored, Number(process.hrtime.bigint() - start) / 1e9);
    },
  });
  // every protocol's <NAME>_PORT (server/shared/protocols.ts), the camera's, then the caller's
  const configured: Record<ProtocolName | "camera", number> = {
    ...byProtocol((name) => config[protocolPortVariable(name)]),
    camera: config.CAMERA_PORT,
    ...opts.ports,
  };
  const enabled = (port: number | undefined) => port !== undefined && (port > 0 || Boolean(opts.ephemeral));
  const host = opts.host ?? config.GATEWAY_HOST;
  const gateways: TelematicsRuntime["gateways"] = {};
  const ports: TelematicsRuntime["ports"] = {};
  let osmand: OsmAndServer | null = null;
  let teltonikaUdp: UdpGateway | null = null;
  let camera: CameraServer | null = null;
  try {
    for (const protocol of TCP_PROTOCOLS) {
      if (!enabled(configured[protocol])) continue;
      const gw = await startTcpGateway({
        protocol,
        port: configured[protocol],
        host,
        logger: log,
        ...callbacksFor(protocol),
      });
      gateways[protocol] = gw;
      ports[protocol] = gw.port;
    }
    // Teltonika's connectionless form shares the TCP port number (5027/udp).
    if (enabled(configured.teltonika)) {
      const port = opts.ephemeral && configured.teltonika === 0 ? 0 : configured.teltonika;
      teltonikaUdp = await startUdpGateway({
        protocol: "teltonika",
        port,
        host,
        logger: log,
        handle: teltonikaUdpHandler(callbacksFor("teltonika")),
      });
      ports.teltonikaUdp = teltonikaUdp.port;
    }
    if (enabled(configured.osmand)) {
      osmand = await startOsmAndServer({ port: configured.osmand, host, logger: log, ...callbacksFor("osmand") });
      ports.osmand = osmand.port;
    }
    if (enabled(configured.camera)) {
      camera = await startCameraServer({
        port: configured.camera,
        host,
        logger: log,
        ...createCameraUploads(ctx),
        onUnknownDevice: (id, remote) => callbacks.onUnknownDevice(id, "dualcam", remote),
      });
      ports.camera = camera.port;
    }
  } catch (err) {
    await Promise.all([
      ...Object.values(gateways).map((g) => g.close()),
      osmand?.close(),
      camera?.close(),
      teltonikaUdp?.close(),
    ]);
    await forwarding.close(0);
    throw err;
  }

  const commands: LocalCommands = {
    isConnected: (protocol, deviceId) => gateways[protocol as TcpProtocol]?.isConnected(deviceId) ?? false,
    async send(protocol, deviceId, command, timeoutMs) {
      const gw = gateways[protocol as TcpProtocol];
      if (!gw) return { ok: false, error: "device not connected" };
      return gw.sendCommand(deviceId, command, { timeoutMs });
    },
  };

  return {
    ports,
    gateways,
    pipeline,
    commands,
    alertRules,
    forwarding,
    settle: () => pipeline.settle(),
    async close() {
      await Promise.all([
        ...Object.values(gateways).map((g) => g.close()),
        osmand?.close(),
        camera?.close(),
        teltonikaUdp?.close(),
      ]);
      await pipeline.close();
      await forwarding.close();
    },
  };
}
