import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import type { DB } from "../../db/database";
import { metrics } from "../../metrics";
import { checkOutboundUrl } from "../../shared/outbound-url";
import { signBody } from "../../shared/signing";
import type { HookFix } from "../positions";
import { BoundedQueue } from "./bounded-queue";
import { postBatch } from "./deliver-http";
import { MqttLink } from "./deliver-mqtt";
import { forwardingRepo, type ActiveTarget, type DeliveryRecord } from "./forwarding.repo";

/** A committed position waiting to be forwarded (the JSON is written when its batch goes out). */
export interface ForwardItem {
  orgId: string;
  vehicleId: string;
  /** the device identifier the fix came from; null for a late fix (the vehicle's current device is used) */
  deviceId: string | null;
  fix: HookFix;
  /** the tracked odometer stored with the fix; null for a late fix */
  odometerM: number | null;
}

export interface SenderOptions {
  queueSize: number;
  batchSize: number;
  batchMs: number;
  retryMs: number;
  maxAttempts: number;
  timeoutMs: number;
  allowPrivate: boolean;
}

export interface SenderDeps {
  db: DB;
  log: Logger;
  /** the positions of a batch as the receiver gets them */
  describe(items: ForwardItem[]): Promise<object[]>;
}

const MAX_BACKOFF_MS = 60_000;

/**
 * One target's bounded queue and background sender: positions are pushed after their commit (never waiting for
 * anything), sent in batches of up to `batchSize` once `batchMs` has passed or the batch is full, one batch at a
 * time so each vehicle's positions arrive in order. A failed batch is retried with doubling back-off; meanwhile new
 * positions queue up, and a full queue drops its oldest, counted in /metrics and on the target.
 */
export class TargetSender {
  private readonly queue: BoundedQueue<ForwardItem>;
  private inFlight = 0;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private stopped = false;
  private closing = false;
  private pendingDropped = 0;
  private readonly abort = new AbortController();
  private mqtt: MqttLink | null = null;
  private readonly writes = new Set<Promise<void>>();

  constructor(
    public target: ActiveTarget,
    private readonly opts: SenderOptions,
    private readonly deps: SenderDeps,
  ) {
    this.queue = new BoundedQueue(opts.queueSize);
  }

  /** positions waiting, including the batch being sent */
  get depth(): number {
    return this.queue.length + this.inFlight;
  }

  push(items: readonly ForwardItem[]): void {
    if (this.stopped) return;
    let dropped = 0;
    for (const item of items) dropped += this.queue.push(item);
    if (dropped) {
      metrics.forwardingDropped(this.target.kind, dropped);
      this.pendingDropped += dropped;
    }
    this.schedule();
  }

  private schedule(): void {
    if (this.running || this.stopped || !this.queue.length) return;
    if (this.queue.length >= this.opts.batchSize || this.closing) this.start();
    else
      this.timer ??= setTimeout(() => {
        this.timer = null;
        this.start();
      }, this.opts.batchMs);
  }

  private start(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.running || this.stopped || !this.queue.length) return;
    this.running = this.loop()
      .catch((err) => this.deps.log.error({ err, target: this.target.id }, "position forwarding stopped on an error"))
      .finally(() => {
        this.running = null;
        this.schedule();
      });
  }

  private async loop(): Promise<void> {
    while (this.queue.length && !this.stopped) {
      const batch = this.queue.take(this.opts.batchSize);
      this.inFlight = batch.length;
      try {
        await this.deliver(batch);
      } finally {
        this.inFlight = 0;
      }
    }
  }

  private async deliver(batch: ForwardItem[]): Promise<void> {
    const batchId = randomUUID();
    const body = JSON.stringify({ batch_id: batchId, positions: await this.deps.describe(batch) });
    for (let attempt = 1; ; attempt++) {
      const target = this.target;
      try {
        await this.send(target, body, batchId);
        metrics.forwardingSent(target.kind, batch.length);
        this.record({ ok: true, error: null, sent: batch.length, failedBatches: 0, dropped: this.takeDropped() });
        return;
      } catch (err) {
        if (this.stopped) return;
        metrics.forwardingFailedBatch(target.kind);
        const last = attempt >= this.opts.maxAttempts || this.closing;
        if (last) metrics.forwardingDropped(target.kind, batch.length);
        const error = (err as Error).message?.slice(0, 300) || "delivery failed";
        this.record({
          ok: false,
          error,
          sent: 0,
          failedBatches: 1,
          dropped: this.takeDropped() + (last ? batch.length : 0),
        });
        this.deps.log.warn({ target: target.id, attempt, error }, "position forwarding batch failed");
        if (last) return;
        await this.sleep(Math.min(this.opts.retryMs * 2 ** (attempt - 1), MAX_BACKOFF_MS));
      }
    }
  }

  private async send(target: ActiveTarget, body: string, batchId: string): Promise<void> {
    const check = await checkOutboundUrl(target.url, { allowPrivate: this.opts.allowPrivate });
    if (!check.ok)
      throw new Error(check.reason === "private" ? "the address is in a private network" : "the host cannot be found");
    const pin = check.addresses[0];
    const signature = signBody(target.secret, body);
    if (target.kind === "http") {
      // the target was an MQTT one before a change: its connection is not needed any more
      if (this.mqtt) await this.mqtt.close();
      this.mqtt = null;
      await postBatch(target.url, pin, body, signature, batchId, this.opts.timeoutMs, this.abort.signal);
    } else {
      this.mqtt ??= new MqttLink(target.id, this.opts.timeoutMs);
      await this.mqtt.publish(target.url, pin, target.topic ?? "", body, signature);
    }
  }

  private takeDropped(): number {
    const n = this.pendingDropped;
    this.pendingDropped = 0;
    return n;
  }

  private record(r: DeliveryRecord): void {
    const w = forwardingRepo
      .recordDelivery(this.deps.db, this.target.id, r)
      .then(() => undefined)
      .catch((err) => this.deps.log.warn({ err }, "recording a forwarding delivery failed"))
      .finally(() => this.writes.delete(w));
    this.writes.add(w);
  }

  private sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const t = setTimeout(done, ms);
      function done() {
        clearTimeout(t);
        resolve();
      }
      this.wake = done;
    }).finally(() => (this.wake = null));
  }

  /** The target was deleted or paused: what waits is discarded on purpose (not counted as dropped). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.queue.clear();
    if (this.timer) clearTimeout(this.timer);
    this.abort.abort();
    this.wake?.();
    await this.running;
    await this.mqtt?.close();
  }

  /**
   * The process stops: the waiting positions get one attempt within `graceMs`; what is still undelivered then
   * is counted as dropped (in /metrics and on the target).
   */
  async close(graceMs: number): Promise<void> {
    this.closing = true;
    this.wake?.();
    this.start();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.running, new Promise((r) => (timer = setTimeout(r, graceMs)))]);
    clearTimeout(timer);
    const left = this.queue.length + this.inFlight;
    this.stopped = true;
    this.queue.clear();
    this.abort.abort();
    await this.running;
    if (left) {
      metrics.forwardingDropped(this.target.kind, left);
      this.pendingDropped += left;
    }
    if (this.pendingDropped)
      this.record({ ok: null, error: null, sent: 0, failedBatches: 0, dropped: this.takeDropped() });
    await Promise.all(this.writes);
    await this.mqtt?.close();
  }
}
