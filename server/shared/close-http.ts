import type { Server } from "node:http";

/**
 * Stops accepting connections and lets the requests in progress finish: idle keep-alive connections are
 * closed as soon as they fall idle, and whatever is still open after `graceMs` is cut.
 */
export function closeHttpGracefully(server: Server, graceMs = 10_000): Promise<void> {
  return new Promise<void>((resolve) => {
    if (!server.listening) return resolve();
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    const cut = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearInterval(idle);
      clearTimeout(cut);
      resolve();
    });
    server.closeIdleConnections();
  });
}
