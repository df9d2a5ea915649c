import { createCommandRelay } from "../../server/modules/immobilization/command-relay";
import { startTelematics, type StartTelematicsOptions, type TelematicsRuntime } from "../../server/telematics/runtime";
import type { TestContext } from "./context";

/** devices-new-b: the Ruptela, Meitrack, Suntech and Galileosky gateways on free ports too. */
export const NEW_B_PORTS = { ruptela: 0, meitrack: 0, suntech: 0, galileosky: 0 };

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
    ports: { teltonika: 0, gt06: 0, h02: 0, osmand: 0, camera: 0, ...NEW_B_PORTS, ...opts.ports },
    ...opts,
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
