import pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { createLiveBus, type LiveBus } from "../../server/modules/live/live-bus";
import type { BusMessage } from "../../server/shared/ports";

// The PostgreSQL bus sends one NOTIFY statement at a time: what is published meanwhile goes out with the next one.
// Nothing may be lost or reordered on the way.

let bus: LiveBus;

beforeAll(async () => {
  bus = await createLiveBus({ databaseUrl: inject("databaseUrl"), log: pino({ level: "silent" }) });
});
afterAll(async () => bus?.close());

const position = (i: number): BusMessage => ({ k: "pos", p: [[`v${i}`, "org", 41, 19, i, 0, 1, i, 0]] });

describe("publishing on the PostgreSQL bus", () => {
  it("delivers every message in publishing order, several publishes to a statement", async () => {
    const seen: number[] = [];
    const off = bus.onMessage((m) => m.k === "pos" && seen.push(m.p[0][4]));
    const statements = vi.spyOn(pg.Pool.prototype, "query");
    try {
      await Promise.all(Array.from({ length: 100 }, (_, i) => bus.publish(position(i))));
      expect(statements.mock.calls.length).toBeLessThanOrEqual(2);
      const until = Date.now() + 5000;
      while (seen.length < 100 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(seen).toEqual(Array.from({ length: 100 }, (_, i) => i));
    } finally {
      statements.mockRestore();
      off();
    }
  });

  it("fails the publishes of a statement that failed, and goes on with the next", async () => {
    const statements = vi.spyOn(pg.Pool.prototype, "query").mockRejectedValueOnce(new Error("connection lost"));
    try {
      await expect(bus.publish(position(1))).rejects.toThrow("connection lost");
      await expect(bus.publish(position(2))).resolves.toBeUndefined();
    } finally {
      statements.mockRestore();
    }
  });
});
