import net from "node:net";
import type pino from "pino";
import { metricSources } from "../../metrics";
import { ProtocolError, type CommandResult, type DeviceCommand } from "../../shared/device-contract";
import { PROTOCOLS } from "../../shared/protocols";
import { PROTOCOL_SESSIONS } from "../protocol-sessions";
import type { ProtocolSession, SessionContext, TcpGatewayOptions } from "./session";
import { tcpListenOptions } from "./port-sharing";

export interface TcpGateway {
  /** The port actually bound (useful with port 0). */
  readonly port: number;
  close(): Promise<void>;
  sendCommand(
    deviceId: string,
    command: DeviceCommand | string,
    options?: { timeoutMs?: number },
  ): Promise<CommandResult>;
  connectedDevices(): string[];
  isConnected(deviceId: string): boolean;
}

const DEFAULT_IDLE_TIMEOUT_MS = 10 * 60 * 1000;
const DEFAULT_COMMAND_TIMEOUT_MS = 30_000;

interface PendingCommand {
  resolve(result: CommandResult): void;
  timer: NodeJS.Timeout;
}

class Connection implements SessionContext {
  deviceId: string | undefined;
  readonly remoteAddress: string;
  log: pino.Logger;
  readonly session: ProtocolSession;
  private buffer: Buffer = Buffer.alloc(0);
  private processing = false;
  private closed = false;
  /** set by drain(): no new frame is started; the one in progress is committed and acknowledged first */
  private draining: (() => void) | undefined;
  /** the device closed its sending side: what is buffered is all that will come */
  private ended = false;
  private pending: PendingCommand | undefined;
  private commandChain: Promise<unknown> = Promise.resolve();

  constructor(
    readonly socket: net.Socket,
    readonly options: TcpGatewayOptions,
    private readonly registry: Map<string, Connection>,
  ) {
    this.remoteAddress = `${socket.remoteAddress}:${socket.remotePort}`;
    this.log = options.logger.child({ protocol: options.protocol, remote: this.remoteAddress });
    this.session = new PROTOCOL_SESSIONS[options.protocol](this);
    socket.setNoDelay(true);
    socket.setTimeout(options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS);
    socket.on("timeout", () => {
      if (!this.processing) this.close("idle timeout", "info");
    });
    socket.on("data", (chunk) => this.onData(chunk));
    socket.on("end", () => {
      this.ended = true;
      if (!this.processing) void this.pump();
    });
    socket.on("error", (error) => this.close(`socket error: ${error.message}`, "info"));
    socket.on("close", () => this.close("connection closed by peer", "debug"));
  }

  private onData(chunk: Buffer): void {
    if (this.closed) return;
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    if (!this.processing) void this.pump();
  }

  /** Processes complete frames strictly in order; reading pauses while a frame is being committed. */
  private async pump(): Promise<void> {
    this.processing = true;
    let current: Buffer | undefined;
    try {
      while (!this.closed && !this.draining) {
        let length = this.session.frameLength(this.buffer);
        if (length === 0 && this.ended && this.buffer.length > 0) {
          length = Math.min(this.session.finalFrameLength?.(this.buffer) ?? 0, this.buffer.length);
        }
        if (length === 0) break;
        const frame = Buffer.from(this.buffer.subarray(0, length));
        current = frame;
        this.buffer = this.buffer.subarray(length);
        this.socket.pause();
        await this.session.handleFrame(frame);
        current = undefined;
        if (this.session.closeRequested) {
          this.close(this.session.closeRequested, "info");
          return;
        }
        if (!this.draining) this.socket.resume();
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof ProtocolError) {
        // A device that was accepted and then sends what cannot be read shows on the device faults page.
        if (this.deviceId !== undefined) {
          const frame = current ?? Buffer.from(this.buffer.subarray(0, 1024));
          void this.options.onFrameRefused?.(this.deviceId, this.options.protocol, frame, message).catch(() => {});
        }
        this.close(`malformed frame: ${message}`, "warn");
      } else this.close(`processing failed, not acknowledged: ${message}`, "error");
    } finally {
      this.processing = false;
      if (this.draining) {
        this.close("server shutting down", "info");
        this.draining();
      }
      if (this.ended) this.close("connection closed by peer", "debug");
    }
  }

  /**
   * Shutdown: reads nothing more; a frame being committed is finished and acknowledged, then the
   * connection closes (the device resends anything unacknowledged to the next server).
   */
  drain(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.socket.pause();
    if (!this.processing) {
      this.close("server shutting down", "info");
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      this.draining = resolve;
    });
  }

  send(data: Buffer): Promise<void> {
    if (this.closed) return Promise.reject(new Error("connection closed"));
    return new Promise((resolve, reject) => {
      this.socket.write(data, (error) => (error ? reject(error) : resolve()));
    });
  }

  identify(deviceId: string): void {
    this.deviceId = deviceId;
    this.log = this.log.child({ deviceId });
    const previous = this.registry.get(deviceId);
    this.registry.set(deviceId, this);
    if (previous && previous !== this) previous.close("replaced by a new connection from the same device", "info");
  }

  commandResponse(text: string): boolean {
    const pending = this.pending;
    if (!pending) return false;
    this.pending = undefined;
    clearTimeout(pending.timer);
    pending.resolve({ ok: true, response: text });
    return true;
  }

  /** Commands are serialised per connection: a device reply cannot be matched to one of several in flight. */
  sendCommand(command: DeviceCommand, timeoutMs: number): Promise<CommandResult> {
    const run = () =>
      new Promise<CommandResult>((resolve) => {
        if (this.closed) return resolve({ ok: false, error: "device disconnected" });
        const timer = setTimeout(() => {
          this.pending = undefined;
          resolve({ ok: false, error: "timeout waiting for device response" });
        }, timeoutMs);
        this.pending = { resolve, timer };
        this.send(this.session.encodeCommand(command)).catch((error: Error) => {
          clearTimeout(timer);
          this.pending = undefined;
          resolve({ ok: false, error: `send failed: ${error.message}` });
        });
      });
    const result = this.commandChain.then(run, run);
    this.commandChain = result;
    return result;
  }

  close(reason: string, level: "debug" | "info" | "warn" | "error"): void {
    if (this.closed) return;
    this.closed = true;
    this.log[level]({ reason }, `closing connection: ${reason}`);
    if (this.deviceId && this.registry.get(this.deviceId) === this) this.registry.delete(this.deviceId);
    if (this.pending) {
      clearTimeout(this.pending.timer);
      this.pending.resolve({ ok: false, error: "device disconnected" });
      this.pending = undefined;
    }
    this.socket.destroy();
  }
}

export async function startTcpGateway(options: TcpGatewayOptions): Promise<TcpGateway> {
  const registry = new Map<string, Connection>();
  const connections = new Set<Connection>();
  // Half-open: frames still buffered when a device closes its side are committed before the socket closes.
  const server = net.createServer({ allowHalfOpen: true }, (socket) => {
    const connection = new Connection(socket, options, registry);
    connections.add(connection);
    socket.once("close", () => connections.delete(connection));
  });
  server.on("error", (error) => options.logger.error({ err: error, protocol: options.protocol }, "TCP gateway error"));

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(tcpListenOptions(options.port ?? PROTOCOLS[options.protocol].port, options.host), () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  options.logger.info({ protocol: options.protocol, port }, "telematics TCP gateway listening");
  const unregisterMetrics = metricSources.devices(() => ({ [options.protocol]: registry.size }));

  return {
    port,
    connectedDevices: () => [...registry.keys()],
    isConnected: (deviceId) => registry.has(deviceId),
    async sendCommand(deviceId, command, callOptions) {
      const connection = registry.get(deviceId);
      if (!connection) return { ok: false, error: "device not connected" };
      const normalized: DeviceCommand = typeof command === "string" ? { type: "custom", text: command } : command;
      return connection.sendCommand(
        normalized,
        callOptions?.timeoutMs ?? options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS,
      );
    },
    async close() {
      unregisterMetrics();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all([...connections].map((c) => c.drain()));
      await closed;
    },
  };
}
