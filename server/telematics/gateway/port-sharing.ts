import type { ListenOptions } from "node:net";
import type { SocketOptions } from "node:dgram";

/**
 * Several gateway processes on one port number. SO_REUSEPORT (the kernel spreads connections and
 * datagrams over every socket bound with it) exists in Node from 22.12 and 23.1, on Linux and the BSDs;
 * on Node 20 the gateway process shares its sockets with cluster workers instead (GATEWAY_PROCESSES), or a
 * TCP load balancer stands in front (docs/scaling.md).
 */
export function reusePortAvailable(version = process.versions.node): boolean {
  const [major, minor] = version.split(".").map(Number);
  return major > 23 || (major === 23 && minor >= 1) || (major === 22 && minor >= 12);
}

let sharing = false;

/** Turns SO_REUSEPORT on for every gateway socket this process binds from now on (GATEWAY_REUSE_PORT). */
export function sharePorts(on: boolean): void {
  if (on && !reusePortAvailable())
    throw new Error(
      `GATEWAY_REUSE_PORT needs Node 22.12 or later (this is ${process.versions.node}); use GATEWAY_PROCESSES or a TCP load balancer`,
    );
  sharing = on;
}

/** listen() options of a gateway's TCP (or HTTP) server. */
export function tcpListenOptions(port: number, host: string | undefined): ListenOptions {
  return sharing ? ({ port, host, reusePort: true } as ListenOptions) : { port, host };
}

/** createSocket() options of a gateway's UDP socket. */
export function udpSocketOptions(type: "udp4" | "udp6"): SocketOptions {
  return sharing ? ({ type, reuseAddr: true, reusePort: true } as SocketOptions) : { type };
}
