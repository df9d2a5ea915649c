import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import pg from "pg";
import type { Logger } from "pino";
import type { BusMessage, LivePort } from "../../shared/ports";

export type { BusMessage, CompactPosition } from "../../shared/ports";

/** The fan-out bus (see LivePort); a web process listens, the job worker only publishes. */
export interface LiveBus extends LivePort {
  close(): Promise<void>;
}

export const LIVE_CHANNEL = "flota_live";
// NOTIFY payloads must stay under 8000 bytes; one compact position is about 110 bytes.
const NOTIFY_CHUNK = 50;
/** An alert (or reminder) notice is under 1 kB; 100 user ids add about 4 kB. */
const ALERT_USERS_CHUNK = 100;

function splitForTransport(msg: BusMessage, chunk: number): BusMessage[] {
  if ((msg.k === "alert" || msg.k === "reminder") && msg.u.length > ALERT_USERS_CHUNK) {
    const parts: BusMessage[] = [];
    for (let i = 0; i < msg.u.length; i += ALERT_USERS_CHUNK)
      parts.push({ ...msg, u: msg.u.slice(i, i + ALERT_USERS_CHUNK) });
    return parts;
  }
  if (msg.k !== "pos" || msg.p.length <= chunk) return [msg];
  const out: BusMessage[] = [];
  for (let i = 0; i < msg.p.length; i += chunk) out.push({ k: "pos", p: msg.p.slice(i, i + chunk) });
  return out;
}

/**
 * Every payload on the wire starts with its publisher's origin (8 hex characters), then the message's JSON.
 * A publisher hands its messages to its own process's handlers at once and skips them when they come back: the
 * single-process default (`npm start`) does not wait for a round trip through PostgreSQL or Redis, nor parse its
 * own messages again. A payload without an origin (a process of an earlier version) is delivered as it is.
 */
const ORIGIN_LENGTH = 8;

abstract class BaseBus {
  protected handlers = new Set<(msg: BusMessage) => void>();
  protected readonly origin = randomBytes(ORIGIN_LENGTH / 2).toString("hex");
  constructor(protected log: Logger) {}
  onMessage(fn: (msg: BusMessage) => void) {
    this.handlers.add(fn);
    return () => this.handlers.delete(fn);
  }

  /** the wire form of one message */
  protected encode(msg: BusMessage): string {
    return this.origin + JSON.stringify(msg);
  }

  /** this process's handlers, in publishing order; called once the wire form is made, so a handler cannot change it */
  protected deliverLocally(msgs: BusMessage[]) {
    for (const msg of msgs) this.handle(msg);
  }

  protected deliver(raw: string) {
    if (raw.startsWith(this.origin)) return;
    let msg: BusMessage;
    try {
      msg = JSON.parse(raw.charCodeAt(0) === 123 /* { */ ? raw : raw.slice(ORIGIN_LENGTH)) as BusMessage;
    } catch {
      return;
    }
    this.handle(msg);
  }

  private handle(msg: BusMessage) {
    for (const h of this.handlers) {
      try {
        h(msg);
      } catch (err) {
        this.log.warn({ err }, "live message handler failed");
      }
    }
  }
}

class PostgresBus extends BaseBus implements LiveBus {
  readonly kind = "postgres" as const;
  private listener: pg.Client | null = null;
  private publisher: pg.Pool;
  private closed = false;

  constructor(
    private url: string,
    log: Logger,
  ) {
    super(log);
    this.publisher = new pg.Pool({ connectionString: url, max: 1 });
    this.publisher.on("error", () => {});
  }

  async start(listen: boolean): Promise<void> {
    if (!listen) return;
    const client = new pg.Client({ connectionString: this.url });
    client.on("notification", (n) => n.channel === LIVE_CHANNEL && n.payload && this.deliver(n.payload));
    client.on("error", (err) => {
      this.log.warn({ err }, "live LISTEN connection lost; reconnecting");
      this.listener = null;
      void client.end().catch(() => {});
      if (!this.closed) setTimeout(() => void this.start(true).catch(() => {}), 1000);
    });
    await client.connect();
    await client.query(`LISTEN ${LIVE_CHANNEL}`);
    this.listener = client;
  }

  publish(msg: BusMessage): Promise<void> {
    return this.publishMany([msg]);
  }

  /**
   * One statement for all the parts (a group of 200 positions is four NOTIFY payloads but one round trip), and one
   * statement at a time: what is published while a statement runs goes out with the next one, in order.
   */
  publishMany(msgs: BusMessage[]): Promise<void> {
    if (!msgs.length) return Promise.resolve();
    const payloads = msgs.flatMap((m) => splitForTransport(m, NOTIFY_CHUNK)).map((m) => this.encode(m));
    this.deliverLocally(msgs);
    return new Promise((resolve, reject) => {
      this.waiting.payloads.push(...payloads);
      this.waiting.callers.push({ resolve, reject });
      if (!this.sending) void this.send();
    });
  }

  private waiting: { payloads: string[]; callers: Array<{ resolve(): void; reject(err: unknown): void }> } = {
    payloads: [],
    callers: [],
  };
  private sending = false;

  private async send(): Promise<void> {
    this.sending = true;
    while (this.waiting.payloads.length) {
      const { payloads, callers } = this.waiting;
      this.waiting = { payloads: [], callers: [] };
      try {
        if (payloads.length === 1) await this.publisher.query("SELECT pg_notify($1, $2)", [LIVE_CHANNEL, payloads[0]]);
        else {
          // one text parameter, split on newlines (JSON has none): a text[] parameter is escaped element by element
          await this.publisher.query(
            "SELECT pg_notify($1, p) FROM unnest(string_to_array($2, E'\\n')) WITH ORDINALITY AS x(p, n) ORDER BY n",
            [LIVE_CHANNEL, payloads.join("\n")],
          );
        }
        for (const c of callers) c.resolve();
      } catch (err) {
        for (const c of callers) c.reject(err);
      }
    }
    this.sending = false;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.listener?.end().catch(() => {});
    await this.publisher.end().catch(() => {});
  }
}

class RedisBus extends BaseBus implements LiveBus {
  readonly kind = "redis" as const;
  private sub: Redis;
  private pub: Redis;

  constructor(url: string, log: Logger) {
    super(log);
    this.sub = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: true });
    this.pub = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: true });
    for (const c of [this.sub, this.pub]) c.on("error", (err) => this.log.warn({ err }, "live Redis connection error"));
    this.sub.on("message", (channel: string, payload: string) => channel === LIVE_CHANNEL && this.deliver(payload));
  }

  async start(listen: boolean): Promise<void> {
    if (!listen) return this.pub.connect();
    await Promise.all([this.sub.connect(), this.pub.connect()]);
    await this.sub.subscribe(LIVE_CHANNEL);
  }

  publish(msg: BusMessage): Promise<void> {
    return this.publishMany([msg]);
  }

  async publishMany(msgs: BusMessage[]): Promise<void> {
    if (!msgs.length) return;
    const batch = this.pub.pipeline();
    for (const m of msgs) batch.publish(LIVE_CHANNEL, this.encode(m));
    this.deliverLocally(msgs);
    await batch.exec();
  }

  async close(): Promise<void> {
    this.sub.disconnect();
    this.pub.disconnect();
  }
}

/** `listen: false` for a process that only publishes (the job worker): no listening connection. */
export async function createLiveBus(opts: {
  redisUrl?: string | null;
  databaseUrl: string;
  log: Logger;
  listen?: boolean;
}): Promise<LiveBus> {
  const bus = opts.redisUrl ? new RedisBus(opts.redisUrl, opts.log) : new PostgresBus(opts.databaseUrl, opts.log);
  await bus.start(opts.listen ?? true);
  return bus;
}
