import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

export interface ReceivedBatch {
  body: string;
  signature: string | undefined;
  batchHeader: string | undefined;
  json: { batch_id: string; positions: Array<Record<string, unknown>> };
}

/**
 * An HTTP receiver on loopback for forwarded batches. `answers` are the statuses of the next requests in turn
 * (then 200); `hang` keeps every request open without an answer until `release()`.
 */
export async function startReceiver() {
  const batches: ReceivedBatch[] = [];
  const answers: number[] = [];
  const hanging: ServerResponse[] = [];
  let requests = 0;
  let hang = false;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      requests++;
      const body = Buffer.concat(chunks).toString("utf8");
      if (hang) {
        hanging.push(res);
        return;
      }
      const status = answers.shift() ?? 200;
      if (status === 200)
        batches.push({
          body,
          signature: req.headers["x-flota-signature"] as string | undefined,
          batchHeader: req.headers["x-flota-batch"] as string | undefined,
          json: JSON.parse(body),
        });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/positions`,
    batches,
    answers,
    get requests() {
      return requests;
    },
    get hanging() {
      return hanging.length;
    },
    positions: () => batches.flatMap((b) => b.json.positions),
    setHang(on: boolean) {
      hang = on;
    },
    release() {
      hang = false;
      for (const res of hanging.splice(0)) res.writeHead(200).end();
    },
    async close() {
      this.release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
