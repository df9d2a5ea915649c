import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { describeFrame } from "../../server/protocols/describe-frame";
import { PROTOCOL_NAMES, PROTOCOLS, protocolPortVariable, TCP_PROTOCOLS } from "../../server/shared/protocols";
import { PROTOCOL_SESSIONS } from "../../server/telematics/protocol-sessions";
import { createTestContext, type TestContext } from "../support/context";

/**
 * One protocol registry (server/shared/protocols.ts): what the compiler cannot see is checked here, so a new
 * entry that lacks its texts or its database value fails a test instead of a page or an insert.
 */
describe("the protocol registry", () => {
  let ctx: TestContext | undefined;
  afterAll(async () => {
    await ctx?.close();
  });

  it("gives every TCP protocol its session and its frame describer", () => {
    expect(Object.keys(PROTOCOL_SESSIONS).sort()).toEqual([...TCP_PROTOCOLS].sort());
    for (const name of TCP_PROTOCOLS) expect(describeFrame(name, Buffer.from([0]))).not.toBeNull();
    expect(describeFrame("osmand", Buffer.from([0]))).toBeNull();
    expect(describeFrame("toString", Buffer.from([0]))).toBeNull();
  });

  it("gives every protocol its <NAME>_PORT setting, defaulting to the registry's port", () => {
    const config = loadConfig({ NODE_ENV: "test", FLOTA_DEMO: "false" }) as unknown as Record<string, unknown>;
    for (const name of PROTOCOL_NAMES) expect(config[protocolPortVariable(name)]).toBe(PROTOCOLS[name].port);
    expect(new Set(PROTOCOL_NAMES.map((n) => PROTOCOLS[n].port)).size).toBe(PROTOCOL_NAMES.length);
  });

  it.each(["en", "al"])("has every protocol's help texts in %s", (lng) => {
    const file = path.resolve(import.meta.dirname, `../../locales/${lng}/configuration.json`);
    const devices = JSON.parse(readFileSync(file, "utf8")).help.devices as Record<string, unknown>;
    const missing = PROTOCOL_NAMES.filter((n) => {
      const texts = devices[n] as { name?: string; identifier?: string } | undefined;
      return !texts?.name || !texts.identifier;
    });
    expect(missing).toEqual([]);
  });

  it("is what vehicles.device_protocol accepts in the database (a new protocol widens the CHECK in a migration)", async () => {
    ctx = createTestContext();
    const { rows } = await sql<{ def: string }>`
      SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = 'vehicles_device_protocol_check'
    `.execute(ctx.db);
    expect(rows).toHaveLength(1);
    const allowed = [...rows[0].def.matchAll(/'([a-z0-9]+)'/g)].map((m) => m[1]).sort();
    expect(allowed).toEqual([...PROTOCOL_NAMES].sort());
  });
});
