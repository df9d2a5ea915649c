import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, WebSocket } from "ws";
import type { AppContext } from "../../context";
import { metricSources } from "../../metrics";
import { parseCookies, SESSION_COOKIE } from "../../security/cookies";
import { can, canSeeVehicle } from "../access/access.policy";
import type { Permission } from "../access/permissions";
import type { Principal } from "../access/principal";
import { loadPrincipal, loadPrincipalBySocketToken } from "../auth";
import { displayState, pinColor, vehicleStatus, type StateLike } from "../positions";
import type { BusMessage, CompactPosition, LivePort } from "../../shared/ports";
import { POS } from "../../shared/live-position";
import { parseChannel } from "./subscriptions";
import { subscriptionsRepo } from "./subscriptions.repo";

export const LIVE_PATH = "/live";
/** A client that cannot keep up is skipped rather than buffered without bound. */
const MAX_BUFFERED_BYTES = 1 << 20;

interface Client {
  ws: WebSocket;
  p: Principal;
  /** channels named on connect (?channel=…); null = every channel of the user */
  channels: string[] | null;
  vehicles: Set<string>;
}

/** The socket message for one position (spec section 3: IsEngineOn, Speed; socket info: ignition 0/1, speed). */
export function positionMessage(c: CompactPosition, now: Date = new Date()) {
  const vehicleId = c[POS.vehicleId];
  const latitude = c[POS.lat];
  const longitude = c[POS.lon];
  const speed = c[POS.speed];
  const course = c[POS.course];
  const ign = c[POS.ignition];
  const fixMs = c[POS.fixTime];
  const sinceMs = c[POS.stateSince];
  const state: StateLike = {
    lastFixTime: new Date(fixMs),
    lastServerTime: now,
    ignition: ign === -1 ? null : ign === 1,
    speed,
    stateSince: sinceMs ? new Date(sinceMs) : null,
  };
  const ds = displayState(state, now);
  const ignition = ign === 1 ? 1 : 0;
  return {
    type: "position" as const,
    vehicleId,
    IsEngineOn: ignition === 1,
    Speed: speed,
    ignition,
    speed,
    latitude,
    longitude,
    course,
    fixTime: new Date(fixMs).toISOString(),
    status: vehicleStatus(state),
    displayState: ds,
    pinColor: pinColor(ds),
  };
}

/**
 * WebSocket endpoint /live: authenticates on upgrade (session cookie, or ?token=<aye_token>), then sends
 * position messages for vehicles the user subscribed to (POST /api/subscribe/positions/{channel}) and
 * may see. Fed by the live bus, so positions stored by any process reach sockets on every process.
 */
export class LiveHub {
  private wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  private byUser = new Map<string, Set<Client>>();
  private byVehicle = new Map<string, Set<Client>>();
  /** last fix time sent per vehicle: publishes may arrive out of order */
  private lastFix = new Map<string, number>();
  private unsubscribe: () => void;
  private unregisterMetrics: () => void;
  delivered = 0;

  constructor(
    private ctx: AppContext,
    bus: LivePort,
  ) {
    this.unsubscribe = bus.onMessage((m) => this.onBus(m));
    this.unregisterMetrics = metricSources.websockets(() => this.connections);
  }

  /** Handles an HTTP upgrade; returns false for other paths so another handler may take them. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname !== LIVE_PATH) return false;
    void this.authenticate(req, url).then(
      (p) => {
        if (!p) return refuse(socket, 401, "Unauthorized");
        // ?alerts=only: a page's notification socket (toasts, bell counters of alerts and maintenance reminders) without any positions
        const alertsOnly = url.searchParams.get("alerts") === "only";
        if (!can(p, "manage:read") && !(alertsOnly && (can(p, "alerts:read") || can(p, "maintenance:read"))))
          return refuse(socket, 403, "Forbidden");
        const requested = alertsOnly ? [] : url.searchParams.getAll("channel");
        if (requested.some((c) => parseChannel(c)?.userId !== p.userId.toLowerCase()))
          return refuse(socket, 403, "Forbidden");
        this.wss.handleUpgrade(
          req,
          socket,
          head,
          (ws) => void this.accept(ws, p, requested.length || alertsOnly ? requested : null),
        );
      },
      () => refuse(socket, 500, "Internal Server Error"),
    );
    return true;
  }

  private async authenticate(req: IncomingMessage, url: URL): Promise<Principal | null> {
    const token = url.searchParams.get("token");
    if (token) return loadPrincipalBySocketToken(this.ctx, token);
    // A cookie rides along on cross-site sockets too: only accept it from our own origin.
    const origin = req.headers.origin;
    if (origin && new URL(origin).host !== req.headers.host) return null;
    return loadPrincipal(this.ctx, parseCookies(req.headers.cookie)[SESSION_COOKIE]);
  }

  private async accept(ws: WebSocket, p: Principal, channels: string[] | null): Promise<void> {
    const client: Client = { ws, p, channels, vehicles: new Set() };
    addTo(this.byUser, p.userId, client);
    ws.on("close", () => this.drop(client));
    ws.on("error", () => this.drop(client));
    ws.on("message", (data) => {
      if (String(data) === "ping") ws.send(JSON.stringify({ type: "pong" }));
    });
    await this.reload(client);
    if (ws.readyState === WebSocket.OPEN)
      ws.send(
        JSON.stringify({
          type: "ready",
          userId: p.userId,
          vehicles: [...client.vehicles],
        }),
      );
  }

  /** Subscribed vehicles of the client's channels that the user may (still) see. */
  private async reload(client: Client): Promise<void> {
    if (client.channels?.length === 0) return;
    const ids = await subscriptionsRepo.followed(this.ctx.db, client.p, client.channels ?? null);
    for (const id of client.vehicles) if (!ids.has(id)) removeFrom(this.byVehicle, id, client);
    for (const id of ids) addTo(this.byVehicle, id, client);
    client.vehicles = ids;
  }

  private drop(client: Client): void {
    removeFrom(this.byUser, client.p.userId, client);
    for (const id of client.vehicles) {
      removeFrom(this.byVehicle, id, client);
      if (!this.byVehicle.has(id)) this.lastFix.delete(id);
    }
    client.vehicles.clear();
  }

  private onBus(m: BusMessage): void {
    if (m.k === "subs") {
      for (const c of this.byUser.get(m.u) ?? [])
        void this.reload(c).catch((err) => this.ctx.log.warn({ err }, "reloading live subscriptions failed"));
      return;
    }
    if (m.k === "alert") return this.notify(m.o, m.u, "alerts:read", { type: "alert", ...m.a });
    if (m.k === "reminder")
      return this.notify(m.o, m.u, "maintenance:read", {
        type: "reminder",
        ...m.r,
      });
    if (m.k !== "pos") return;
    const now = new Date();
    // A bus message carries up to 50 positions: each client's socket is corked for the lot, so that its messages
    // leave in one write (one system call) instead of one per position; the messages themselves are unchanged.
    const corked = new Set<Duplex>();
    try {
      for (const pos of m.p) {
        const vehicleId = pos[POS.vehicleId];
        const fixTime = pos[POS.fixTime];
        const clients = this.byVehicle.get(vehicleId);
        if (!clients) continue;
        if ((this.lastFix.get(vehicleId) ?? 0) >= fixTime) continue;
        this.lastFix.set(vehicleId, fixTime);
        const text = JSON.stringify(positionMessage(pos, now));
        for (const c of clients) {
          if (
            c.p.orgId !== pos[POS.orgId] ||
            c.ws.readyState !== WebSocket.OPEN ||
            c.ws.bufferedAmount > MAX_BUFFERED_BYTES
          )
            continue;
          const socket = rawSocket(c.ws);
          if (socket && !corked.has(socket)) {
            socket.cork();
            corked.add(socket);
          }
          c.ws.send(text);
          this.delivered++;
        }
      }
    } finally {
      for (const socket of corked) socket.uncork();
    }
  }

  /** An in-app notice to the listed users' sockets, if they may read its kind and see its vehicle. */
  private notify(orgId: string, userIds: string[], permission: Permission, notice: Record<string, unknown>): void {
    const text = JSON.stringify(notice);
    const vehicle = {
      id: String(notice.vehicleId),
      org_id: orgId,
      team_id: (notice.vehicleTeamId as string | null | undefined) ?? null,
    };
    for (const userId of userIds) {
      for (const c of this.byUser.get(userId) ?? []) {
        if (
          c.p.orgId !== orgId ||
          !can(c.p, permission) ||
          !canSeeVehicle(c.p, vehicle) ||
          c.ws.readyState !== WebSocket.OPEN
        )
          continue;
        c.ws.send(text);
        this.delivered++;
      }
    }
  }

  get connections(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  async close(): Promise<void> {
    this.unsubscribe();
    this.unregisterMetrics();
    for (const c of this.wss.clients) c.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}

function addTo<K>(map: Map<K, Set<Client>>, key: K, c: Client) {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(c);
}

function removeFrom<K>(map: Map<K, Set<Client>>, key: K, c: Client) {
  const set = map.get(key);
  if (!set) return;
  set.delete(c);
  if (!set.size) map.delete(key);
}

/** The TCP socket under a WebSocket (ws keeps it as `_socket`; ws corks it itself for a frame's header and body). */
function rawSocket(ws: WebSocket): Duplex | undefined {
  return (ws as unknown as { _socket?: Duplex })._socket;
}

function refuse(socket: Duplex, status: number, text: string) {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** Wires the hub onto an HTTP server's upgrade event; returns the hub. */
export function attachLiveHub(ctx: AppContext, server: Server, bus: LivePort): LiveHub {
  const hub = new LiveHub(ctx, bus);
  server.on("upgrade", (req, socket, head) => {
    if (!hub.handleUpgrade(req, socket, head) && server.listenerCount("upgrade") === 1) socket.destroy();
  });
  return hub;
}
