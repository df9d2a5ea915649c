import { WebSocket } from "ws";

/** A WebSocket test client that keeps every JSON message it receives. */
export class LiveClient {
  messages: Array<Record<string, unknown>> = [];
  private constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => this.messages.push(JSON.parse(String(data))));
  }

  static open(url: string, headers: Record<string, string> = {}): Promise<LiveClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers });
      const client = new LiveClient(ws);
      ws.once("open", () => resolve(client));
      ws.once("unexpected-response", (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.once("error", reject);
    });
  }

  positions(vehicleId?: string) {
    return this.messages.filter((m) => m.type === "position" && (!vehicleId || m.vehicleId === vehicleId));
  }

  async waitFor(pred: (m: Record<string, unknown>) => boolean, timeoutMs = 10_000): Promise<Record<string, unknown>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = this.messages.find(pred);
      if (hit) return hit;
      if (Date.now() > deadline)
        throw new Error(`no matching message; got ${JSON.stringify(this.messages).slice(0, 500)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  close() {
    this.ws.terminate();
  }
}
