import { reconnectDelay, subscriptionParam } from "./backoff";
import type { LivePositionMessage } from "./fleet-types";
import { isLivePosition } from "./live-fleet";

export type LiveState = "connecting" | "open" | "closed";

/** The subscribe endpoint takes at most 5,000 vehicles per call; larger fleets subscribe in several calls. */
export const SUBSCRIBE_CHUNK = 5000;

export interface LiveConnectionOptions {
  userId: string;
  csrfToken: string;
  onPosition: (msg: LivePositionMessage) => void;
  onState?: (state: LiveState) => void;
  origin?: string;
}

/**
 * The /live WebSocket plus the subscribe calls: subscribes to the given vehicles once open,
 * swaps the subscription when the list changes, reconnects with backoff after a drop.
 */
export class LiveConnection {
  private socket: WebSocket | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private vehicleIds: string[] = [];
  private subscribed: { param: string; ids: string[] } | null = null;

  constructor(private readonly opts: LiveConnectionOptions) {}

  private get origin() {
    return this.opts.origin ?? window.location.origin;
  }

  private readonly onPageHide = () => {
    void this.unsubscribe();
  };

  start() {
    this.stopped = false;
    window.addEventListener("pagehide", this.onPageHide);
    this.connect();
  }

  stop() {
    this.stopped = true;
    window.removeEventListener("pagehide", this.onPageHide);
    if (this.timer) clearTimeout(this.timer);
    void this.unsubscribe();
    this.socket?.close();
    this.socket = null;
  }

  setVehicles(ids: string[]) {
    const same = ids.length === this.vehicleIds.length && ids.every((id, i) => id === this.vehicleIds[i]);
    this.vehicleIds = ids.slice();
    if (!same && this.socket?.readyState === WebSocket.OPEN) void this.resubscribe();
  }

  private connect() {
    this.opts.onState?.("connecting");
    const url = new URL("/live", this.origin);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(url);
    this.socket = ws;
    ws.onopen = () => {
      this.attempt = 0;
      this.opts.onState?.("open");
      void this.resubscribe();
    };
    ws.onmessage = (event) => {
      let msg: unknown;
      try {
        msg = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (isLivePosition(msg)) this.opts.onPosition(msg);
    };
    ws.onclose = () => {
      if (this.socket !== ws) return;
      this.socket = null;
      this.opts.onState?.("closed");
      if (this.stopped) return;
      this.timer = setTimeout(() => this.connect(), reconnectDelay(this.attempt++));
    };
  }

  private async call(method: "POST" | "DELETE", param: string, ids: string[]) {
    for (let i = 0; i < ids.length; i += SUBSCRIBE_CHUNK)
      await this.send(method, param, ids.slice(i, i + SUBSCRIBE_CHUNK));
  }

  private async send(method: "POST" | "DELETE", param: string, ids: string[]) {
    await fetch(new URL(`/api/subscribe/positions/${encodeURIComponent(param)}`, this.origin), {
      method,
      credentials: "same-origin",
      keepalive: method === "DELETE",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": this.opts.csrfToken },
      body: JSON.stringify(ids),
    }).catch(() => undefined);
  }

  private async unsubscribe() {
    const previous = this.subscribed;
    this.subscribed = null;
    if (previous && previous.ids.length) await this.call("DELETE", previous.param, previous.ids);
  }

  private async resubscribe() {
    await this.unsubscribe();
    const ids = this.vehicleIds.slice();
    if (!ids.length) return;
    const param = subscriptionParam("markers", this.opts.userId);
    this.subscribed = { param, ids };
    await this.call("POST", param, ids);
  }
}
