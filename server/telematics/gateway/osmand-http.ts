import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type pino from "pino";
import { decodeOsmAnd } from "../../protocols/osmand";
import { PROTOCOLS } from "../../shared/protocols";
import type { DeviceCallbacks } from "./session";
import { closeHttpGracefully } from "../../shared/close-http";
import { tcpListenOptions } from "./port-sharing";

export interface OsmAndHandlerOptions extends DeviceCallbacks {
  logger: pino.Logger;
  /** Larger bodies are answered 413. Default 64 KiB. */
  maxBodyBytes?: number;
}

export interface OsmAndServerOptions extends OsmAndHandlerOptions {
  /** 0 picks a free port. Default 5055. */
  port?: number;
  host?: string;
}

export interface OsmAndServer {
  readonly port: number;
  close(): Promise<void>;
}

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        // Discard the rest instead of destroying the socket, so the client still gets the 413.
        req.removeAllListeners("data");
        req.resume();
        reject(new BodyTooLarge(`body larger than ${limit} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function reply(res: ServerResponse, status: number, message: string): void {
  if (res.headersSent) return;
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8" });
  res.end(message);
}

/**
 * HTTP handler for OsmAnd / Traccar Client. Answers 200 only after onPositions resolved, 400 for a
 * malformed request, 404 for an unknown device id, 500 when storing failed (the client retries).
 */
export function createOsmAndHandler(
  options: OsmAndHandlerOptions,
): (req: IncomingMessage, res: ServerResponse) => void {
  const log = options.logger.child({ protocol: "osmand" });
  const limit = options.maxBodyBytes ?? 64 * 1024;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? "GET";
    if (method !== "GET" && method !== "POST") {
      res.setHeader("allow", "GET, POST");
      return reply(res, 405, "method not allowed");
    }
    const body = method === "POST" ? await readBody(req, limit) : "";
    const decoded = decodeOsmAnd({ method, url: req.url ?? "/", contentType: req.headers["content-type"], body });
    if (!decoded.ok) {
      log.info({ remote: req.socket.remoteAddress, reason: decoded.message }, "malformed OsmAnd request");
      return reply(res, 400, decoded.message);
    }
    const { deviceId, positions } = decoded;
    if (!(await options.isKnownDevice(deviceId))) {
      await options.onUnknownDevice(deviceId, "osmand", req.socket.remoteAddress ?? "");
      return reply(res, 404, `unknown device ${deviceId}`);
    }
    await options.onPositions(deviceId, positions);
    reply(res, 200, "OK");
  }

  return (req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (error instanceof BodyTooLarge) {
        res.setHeader("connection", "close");
        return reply(res, 413, error.message);
      }
      log.error({ err: error, remote: req.socket.remoteAddress }, "OsmAnd request failed, not acknowledged");
      reply(res, 500, "could not store position");
    });
  };
}

export async function startOsmAndServer(options: OsmAndServerOptions): Promise<OsmAndServer> {
  const server = http.createServer(createOsmAndHandler(options));
  server.requestTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(tcpListenOptions(options.port ?? PROTOCOLS.osmand.port, options.host), () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  options.logger.info({ protocol: "osmand", port }, "telematics OsmAnd HTTP server listening");
  return {
    port,
    // a request in progress is stored and answered first: the phone resends what got no 200
    close: () => closeHttpGracefully(server),
  };
}
