import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import type { CommandResult, DeviceCommand } from "../../shared/device-contract";
import type { BusMessage, CommandPort, CommandRequest, LivePort } from "../../shared/ports";

/** The gateways of this process: whether a device is connected here, and sending to it. */
export interface LocalCommands extends CommandPort {
  isConnected(protocol: string, deviceId: string): boolean;
}

/** How long the asking process waits for another process to say it holds the device before reporting it offline. */
export const COMMAND_CLAIM_MS = 1500;

const NOT_CONNECTED: CommandResult = { ok: false, error: "device not connected" };
const NO_ANSWER: CommandResult = { ok: false, error: "timeout waiting for device response" };

interface Waiting {
  taken: boolean;
  timeoutMs: number;
  timer: NodeJS.Timeout;
  resolve(result: CommandResult): void;
}

/**
 * The `commands` port of a web process: a device connected to this process's gateways gets the command
 * directly; otherwise the command goes out on the live bus (Redis pub/sub or PostgreSQL NOTIFY), the
 * process holding the device says so ("cmd-taken"), sends it and returns the device's answer ("cmd-done").
 * Without a taker within COMMAND_CLAIM_MS the device is offline; a taker that goes silent costs the
 * command's own timeout.
 */
export function createCommandRelay(opts: {
  bus: LivePort | null | undefined;
  local: LocalCommands | null;
  log: Logger;
  claimMs?: number;
}): CommandPort & { close(): void } {
  const { bus, local, log } = opts;
  const claimMs = opts.claimMs ?? COMMAND_CLAIM_MS;
  const self = randomUUID();
  const waiting = new Map<string, Waiting>();

  function finish(id: string, result: CommandResult): void {
    const w = waiting.get(id);
    if (!w) return;
    clearTimeout(w.timer);
    waiting.delete(id);
    w.resolve(result);
  }

  async function serve(q: CommandRequest): Promise<void> {
    if (!local || !bus || q.from === self || !local.isConnected(q.protocol, q.deviceId)) return;
    await bus.publish({ k: "cmd-taken", id: q.id, to: q.from });
    let result: CommandResult;
    try {
      result = await local.send(q.protocol, q.deviceId, q.command, q.timeoutMs);
    } catch (err) {
      result = { ok: false, error: (err as Error).message };
    }
    await bus.publish({ k: "cmd-done", id: q.id, to: q.from, r: result });
  }

  function onMessage(m: BusMessage): void {
    if (m.k === "cmd") {
      void serve(m.q).catch((err) => log.warn({ err, deviceId: m.q.deviceId }, "relaying a device command failed"));
    } else if ((m.k === "cmd-taken" || m.k === "cmd-done") && m.to === self) {
      const w = waiting.get(m.id);
      if (!w) return;
      if (m.k === "cmd-done") return finish(m.id, m.r);
      if (w.taken) return;
      // Taken: now the device's own timeout applies, plus the way back.
      w.taken = true;
      clearTimeout(w.timer);
      w.timer = setTimeout(() => finish(m.id, NO_ANSWER), w.timeoutMs + claimMs);
    }
  }
  const unsubscribe = bus?.onMessage(onMessage);

  return {
    async send(protocol: string, deviceId: string, command: DeviceCommand, timeoutMs: number): Promise<CommandResult> {
      if (local?.isConnected(protocol, deviceId)) return local.send(protocol, deviceId, command, timeoutMs);
      if (!bus) return NOT_CONNECTED;
      const id = randomUUID();
      const answer = new Promise<CommandResult>((resolve) => {
        waiting.set(id, {
          taken: false,
          timeoutMs,
          resolve,
          timer: setTimeout(() => finish(id, NOT_CONNECTED), claimMs),
        });
      });
      try {
        await bus.publish({ k: "cmd", q: { id, from: self, protocol, deviceId, command, timeoutMs } });
      } catch (err) {
        finish(id, { ok: false, error: `command not sent: ${(err as Error).message}` });
      }
      return answer;
    },
    close() {
      unsubscribe?.();
      for (const id of [...waiting.keys()]) finish(id, NOT_CONNECTED);
    },
  };
}
