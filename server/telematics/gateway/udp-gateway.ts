import dgram from "node:dgram";
import type pino from "pino";
import { ProtocolError } from "../../shared/device-contract";
import { udpSocketOptions } from "./port-sharing";

/** What a connectionless protocol does with one datagram; the reply (if any) is sent after it resolves. */
export type DatagramHandler = (packet: Buffer, remoteAddress: string, log: pino.Logger) => Promise<Buffer | null>;

export interface UdpGatewayOptions {
  protocol: string;
  port: number;
  host?: string;
  logger: pino.Logger;
  handle: DatagramHandler;
  /** Datagrams larger than this are dropped unread. Default 64 KiB (the UDP maximum). */
  maxPacketBytes?: number;
}

export interface UdpGateway {
  readonly port: number;
  close(): Promise<void>;
}

/**
 * A UDP listener for any protocol: each datagram is handled on its own (a bad one is dropped and logged,
 * nothing else is affected); the handler's reply goes back to the sender only once the handler resolved,
 * so a device is acknowledged only after its data was committed. Datagrams from one sender are handled in
 * order.
 */
export async function startUdpGateway(options: UdpGatewayOptions): Promise<UdpGateway> {
  const socket = dgram.createSocket(udpSocketOptions(options.host?.includes(":") ? "udp6" : "udp4"));
  const log = options.logger.child({ protocol: options.protocol, transport: "udp" });
  const maxBytes = options.maxPacketBytes ?? 64 * 1024;
  const chains = new Map<string, Promise<void>>();
  let closing = false;

  const process = async (packet: Buffer, address: string, port: number) => {
    const remote = `${address}:${port}`;
    try {
      const reply = await options.handle(packet, remote, log.child({ remote }));
      if (reply && !closing) socket.send(reply, port, address);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const level = error instanceof ProtocolError ? "warn" : "error";
      log[level]({ remote, reason: message }, `datagram dropped, not acknowledged: ${message}`);
    }
  };

  socket.on("message", (packet, rinfo) => {
    if (packet.length > maxBytes) return;
    const key = `${rinfo.address}:${rinfo.port}`;
    const next = (chains.get(key) ?? Promise.resolve()).then(() => process(packet, rinfo.address, rinfo.port));
    chains.set(key, next);
    void next.then(() => {
      if (chains.get(key) === next) chains.delete(key);
    });
  });
  socket.on("error", (error) => log.error({ err: error }, "UDP gateway error"));

  await new Promise<void>((resolve, reject) => {
    socket.once("error", reject);
    socket.bind(options.port, options.host, () => {
      socket.off("error", reject);
      resolve();
    });
  });
  const port = socket.address().port;
  log.info({ port }, "telematics UDP gateway listening");
  return {
    port,
    async close() {
      closing = true;
      await Promise.allSettled([...chains.values()]);
      await new Promise<void>((resolve) => socket.close(() => resolve()));
    },
  };
}
