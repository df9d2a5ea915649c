import { createCommandRelay } from "../../server/modules/immobilization/command-relay";
import { startTelematics, type StartTelematicsOptions, type TelematicsRuntime } from "../../server/runtime";
import { byProtocol } from "../../server/shared/protocols";
import type { TestContext } from "./context";

/** Every gateway on a free loopback port: tests never bind a protocol's configured port. */
export const FREE_PORTS = { ...byProtocol(() => 0), camera: 0 };

/**
 * The gateways (every protocol on a free loopback port) and the position pipeline, wired like
 * server/cli/start.ts does: the context's `commands` port is a command relay over the gateways and, when
 * the context has a live bus (attachTestLive), the other processes.
 */
export async function startTestTelematics(
  ctx: TestContext,
  opts: StartTelematicsOptions & { claimMs?: number } = {},
): Promise<TelematicsRuntime> {
  const rt = await startTelematics(ctx, {
    ephemeral: true,
    host: "127.0.0.1",
    // a test that assigns a job or starts an order between two positions expects the next one to see it
    hookCacheMs: 0,
    ...opts,
    // every protocol a test does not name also gets a free port, never its configured one
    ports: {
      ...FREE_PORTS,
      ...opts.ports,
    },
  });
  const relay = createCommandRelay({ bus: ctx.live, local: rt.commands, log: ctx.log, claimMs: opts.claimMs });
  ctx.commands = relay;
  return {
    ...rt,
    async close() {
      relay.close();
      ctx.commands = undefined;
      await rt.close();
    },
  };
}
