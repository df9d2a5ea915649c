import pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { createLiveBus, LIVE_CHANNEL, type LiveBus } from "../../server/modules/live/live-bus";
import { compactPosition, POS } from "../../server/shared/live-position";
import type { BusMessage } from "../../server/shared/ports";

// A publisher's own process gets its messages at once and once; every other process gets them over the bus, in
// publishing order. The PostgreSQL bus sends one NOTIFY statement at a time: what is published meanwhile goes out with
// the next one. Nothing may be lost, doubled or reordered on the way.

const databaseUrl = inject("databaseUrl");
const redisUrl = inject("redisUrl");
if (!redisUrl) console.log("[live] REDIS_URL is not set: the Redis bus publishing tests are skipped");
const log = pino({ level: "silent" });

// one position of this file's organisation; speed and fix time carry the message's number
const fix = (vehicleId: string, n: number) =>
  compactPosition({
    vehicleId,
    orgId: "org",
    lat: 41,
    lon: 19,
    speed: n,
    course: 0,
    ignition: 1,
    fixTime: n,
    stateSince: 0,
  });
const position = (i: number): BusMessage => ({ k: "pos", p: [fix(`v${i}`, i)] });
const numbers = (n: number) => Array.from({ length: n }, (_, i) => i);

async function until(check: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
}

function collect(bus: LiveBus) {
  const seen: number[] = [];
  // only this file's messages (organisation "org"): other test files publish on the same database's channel
  const off = bus.onMessage(
    (m) => m.k === "pos" && seen.push(...m.p.filter((p) => p[POS.orgId] === "org").map((p) => p[POS.speed])),
  );
  return { seen, off };
}

function busSuite(kind: "postgres" | "redis") {
  let publisher: LiveBus;
  let other: LiveBus;
  beforeAll(async () => {
    const url = kind === "redis" ? redisUrl : null;
    publisher = await createLiveBus({ redisUrl: url, databaseUrl, log });
    other = await createLiveBus({ redisUrl: url, databaseUrl, log });
    expect(publisher.kind).toBe(kind);
  });
  afterAll(async () => {
    await publisher?.close();
    await other?.close();
  });

  it("hands a message to the publisher's own handlers before it is sent, and only once", async () => {
    const own = collect(publisher);
    const remote = collect(other);
    try {
      const sent = publisher.publish(position(7));
      expect(own.seen).toEqual([7]);
      await sent;
      await until(() => remote.seen.length >= 1);
      expect(remote.seen).toEqual([7]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(own.seen).toEqual([7]);
    } finally {
      own.off();
      remote.off();
    }
  });

  it("delivers every message in publishing order to another process and to its own", async () => {
    const own = collect(publisher);
    const remote = collect(other);
    try {
      await Promise.all(numbers(100).map((i) => publisher.publish(position(i))));
      await publisher.publishMany([position(100), position(101)]);
      await until(() => remote.seen.length >= 102);
      expect(remote.seen).toEqual(numbers(102));
      expect(own.seen).toEqual(numbers(102));
    } finally {
      own.off();
      remote.off();
    }
  });

  it("sends the message as published even when a handler of its own process changes it", async () => {
    const off = publisher.onMessage((m) => {
      if (m.k === "pos") m.p[0][POS.speed] = 999;
    });
    const remote = collect(other);
    try {
      await publisher.publish(position(3));
      await until(() => remote.seen.length >= 1);
      expect(remote.seen).toEqual([3]);
    } finally {
      off();
      remote.off();
    }
  });

  it("splits a large position message for the wire and delivers all of it", async () => {
    const remote = collect(other);
    try {
      const big: BusMessage = {
        k: "pos",
        p: numbers(180)
          .map((i) => position(i))
          .flatMap((m) => (m.k === "pos" ? m.p : [])),
      };
      await publisher.publish(big);
      await until(() => remote.seen.length >= 180);
      expect(remote.seen).toEqual(numbers(180));
    } finally {
      remote.off();
    }
  });
}

describe("the live bus over PostgreSQL NOTIFY", () => {
  busSuite("postgres");

  it("sends what is published during a statement with the next one", async () => {
    const bus = await createLiveBus({ databaseUrl, log });
    const statements = vi.spyOn(pg.Pool.prototype, "query");
    try {
      await Promise.all(numbers(100).map((i) => bus.publish(position(i))));
      expect(statements.mock.calls.length).toBeLessThanOrEqual(2);
    } finally {
      statements.mockRestore();
      await bus.close();
    }
  });

  it("keeps text with line breaks and quotes intact when several messages share a statement", async () => {
    const bus = await createLiveBus({ databaseUrl, log });
    const other = await createLiveBus({ databaseUrl, log });
    const ids: string[] = [];
    const off = other.onMessage((m) => m.k === "pos" && ids.push(...m.p.map((p) => p[POS.vehicleId])));
    try {
      const named = (id: string): BusMessage => ({ k: "pos", p: [fix(id, 0)] });
      await bus.publishMany(["line\nbreak", 'quote " and \\ backslash', "plain"].map(named));
      await until(() => ids.length >= 3);
      expect(ids).toEqual(["line\nbreak", 'quote " and \\ backslash', "plain"]);
    } finally {
      off();
      await bus.close();
      await other.close();
    }
  });

  it("fails the publishes of a statement that failed, and goes on with the next", async () => {
    const bus = await createLiveBus({ databaseUrl, log });
    const statements = vi.spyOn(pg.Pool.prototype, "query").mockRejectedValueOnce(new Error("connection lost"));
    try {
      await expect(bus.publish(position(1))).rejects.toThrow("connection lost");
      await expect(bus.publish(position(2))).resolves.toBeUndefined();
    } finally {
      statements.mockRestore();
      await bus.close();
    }
  });

  it("delivers a payload without an origin, as a process of an earlier version sends it", async () => {
    const bus = await createLiveBus({ databaseUrl, log });
    const got = collect(bus);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query("SELECT pg_notify($1, $2)", [LIVE_CHANNEL, JSON.stringify(position(5))]);
      await until(() => got.seen.length >= 1);
      expect(got.seen).toEqual([5]);
    } finally {
      got.off();
      await client.end();
      await bus.close();
    }
  });
});

describe.skipIf(!redisUrl)("the live bus over Redis pub/sub", () => busSuite("redis"));
