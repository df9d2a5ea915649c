import { createServer } from "node:net";

/**
 * A TCP port on 127.0.0.1 that nothing listens on now, chosen by the system. A random number in a fixed range can
 * fall on a port the machine's own outgoing connections hold (the ephemeral range is 32768–60999 on Linux).
 */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("no port from the system");
  return address.port;
}
