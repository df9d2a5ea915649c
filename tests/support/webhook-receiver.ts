import { createServer, type IncomingHttpHeaders } from "node:http";

export interface ReceivedHook {
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
  body: { id: string; type: string; version: number; occurred_at: string; organization_id: string; data: any };
}

/**
 * A webhook receiver on loopback that keeps every request. `answers` is the queue of statuses it replies with
 * (500, then 200, …); empty: 200.
 */
export async function startWebhookReceiver() {
  const received: ReceivedHook[] = [];
  const answers: number[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      received.push({ path: req.url ?? "/", headers: req.headers, raw, body: JSON.parse(raw) });
      res.statusCode = answers.shift() ?? 200;
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: (path = "/hook") => `http://127.0.0.1:${port}${path}`,
    received,
    answers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
