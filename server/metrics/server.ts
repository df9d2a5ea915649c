import { createServer, type Server } from "node:http";
import { metricsContentType, renderMetrics } from "./index";
import { metricsAccess } from "./http";

/**
 * GET /metrics on its own port, for a process without the web app (the job worker): the same access rule
 * as the web's /metrics, the client being the socket's address (no proxy in front of this port).
 */
export async function startMetricsServer(opts: { port: number; host: string; token?: string }): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== "GET" || (req.url ?? "").split("?")[0] !== "/metrics") {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not found\n");
      return;
    }
    const access = metricsAccess({ ip: req.socket.remoteAddress, headers: req.headers }, opts.token, false);
    if (access !== "ok") {
      const headers: Record<string, string> = { "content-type": "text/plain", "cache-control": "no-store" };
      if (access === "unauthorized") headers["www-authenticate"] = 'Bearer realm="metrics"';
      res
        .writeHead(access === "disabled" ? 403 : 401, headers)
        .end(
          access === "disabled"
            ? "Metrics are served to loopback clients only; set METRICS_TOKEN.\n"
            : "Unauthorized\n",
        );
      return;
    }
    renderMetrics().then(
      (text) => res.writeHead(200, { "content-type": metricsContentType(), "cache-control": "no-store" }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, opts.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return server;
}
