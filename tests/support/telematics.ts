import { startTelematics, type StartTelematicsOptions, type TelematicsRuntime } from "../../server/telematics/runtime";
import type { TestContext } from "./context";

/**
 * The gateways (every protocol on a free loopback port) and the position pipeline, wired like
 * server/cli/start.ts does: the runtime's commands become the context's `commands` port.
 */
export async function startTestTelematics(ctx: TestContext, opts: StartTelematicsOptions = {}): Promise<TelematicsRuntime> {
  const rt = await startTelematics(ctx, { ephemeral: true, host: "127.0.0.1", ports: { teltonika: 0, gt06: 0, h02: 0, osmand: 0 }, ...opts });
  ctx.commands = rt.commands;
  return {
    ...rt,
    async close() {
      ctx.commands = undefined;
      await rt.close();
    },
  };
}
