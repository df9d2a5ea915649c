import type pino from "pino";
import { afterEach, vi } from "vitest";
import type { TcpGatewayOptions } from "../../server/telematics/gateway/session";
import { startTcpGateway, type TcpGateway } from "../../server/telematics/gateway/tcp-gateway";

/**
 * A TCP gateway on a free local port per test, and the device clients the test opened: all closed after each test.
 * Call it at the top of a test file.
 */
export function gatewayHarness<C extends { close(): void }>() {
  let gateway: TcpGateway | undefined;
  const clients: C[] = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    await gateway?.close();
    gateway = undefined;
  });
  return {
    async start(options: TcpGatewayOptions): Promise<TcpGateway> {
      gateway = await startTcpGateway(options);
      return gateway;
    },
    /** Keeps a client to close after the test. */
    track(client: C): C {
      clients.push(client);
      return client;
    },
  };
}

/** The options every gateway test shares: the protocol on 127.0.0.1, a free port, unknown devices reported to a spy. */
export const localGatewayOptions = (protocol: TcpGatewayOptions["protocol"], logger: pino.Logger) => ({
  protocol,
  port: 0,
  host: "127.0.0.1",
  logger,
  onUnknownDevice: vi.fn(async () => {}),
});
