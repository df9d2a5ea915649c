import { randomBytes } from "node:crypto";
import { connectAsync, type MqttClient } from "mqtt";
import { SIGNATURE_HEADER } from "../../shared/signing";
import type { PinnedAddress } from "./deliver-http";

/**
 * One target's MQTT 5 connection, opened on the first batch and kept; a broken connection is dropped and the
 * next attempt opens a new one (the forwarder's retry and back-off decide when). Batches are published with
 * QoS 1, so a publish resolves once the broker has taken the message; the signature travels as the MQTT 5 user
 * property `X-Flota-Signature` over the message's bytes, the same value an HTTP receiver gets as a header.
 */
export class MqttLink {
  private client: MqttClient | null = null;
  private key = "";

  constructor(
    private readonly targetId: string,
    private readonly timeoutMs: number,
  ) {}

  async publish(url: string, pin: PinnedAddress, topic: string, body: string, signature: string): Promise<void> {
    const client = await this.connection(url, pin);
    try {
      await withTimeout(
        client.publishAsync(topic, body, {
          qos: 1,
          properties: { contentType: "application/json", userProperties: { [SIGNATURE_HEADER]: signature } },
        }),
        this.timeoutMs,
        "the broker did not acknowledge",
      );
    } catch (err) {
      await this.close();
      throw err;
    }
  }

  private async connection(url: string, pin: PinnedAddress): Promise<MqttClient> {
    const key = `${url}|${pin.address}`;
    if (this.client?.connected && this.key === key) return this.client;
    await this.close();
    const u = new URL(url);
    const client = await connectAsync(url, {
      protocolVersion: 5,
      host: pin.address,
      hostname: pin.address,
      servername: u.hostname,
      clientId: `flota-fwd-${this.targetId.slice(0, 8)}-${randomBytes(4).toString("hex")}`,
      username: u.username ? decodeURIComponent(u.username) : undefined,
      password: u.password ? decodeURIComponent(u.password) : undefined,
      connectTimeout: this.timeoutMs,
      reconnectPeriod: 0,
      clean: true,
    });
    client.on("error", () => undefined);
    client.on("close", () => {
      if (this.client === client) this.client = null;
    });
    this.client = client;
    this.key = key;
    return client;
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = null;
    if (client) await client.endAsync(true).catch(() => undefined);
  }
}

function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${message} within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
