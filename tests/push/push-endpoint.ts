import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A push service on loopback, as a browser vendor runs one: it accepts the Web Push POST, checks the VAPID
 * Authorization header (an ES256 JWT for this endpoint's origin, signed by the key in k=), and decrypts the
 * aes128gcm body (RFC 8291) with the subscription keys the "browser" made here. `status` is what it answers next.
 */
export interface PushDelivery {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  vapid: { ok: boolean; aud: string | null; sub: string | null; publicKey: string | null };
  payload: unknown;
}

const b64u = (b: Buffer) => b.toString("base64url");

export interface LocalPushService {
  url: string;
  deliveries: PushDelivery[];
  status: number;
  /** where a 3xx answer points (with `status` 301-308) */
  location: string | null;
  /** a new device: its subscription as PushSubscription.toJSON() gives it, and the private key to read its messages */
  subscription(path?: string): { endpoint: string; keys: { p256dh: string; auth: string } };
  close(): Promise<void>;
}

function verifyVapid(header: string | undefined, expectedAud: string) {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!m) return { ok: false, aud: null, sub: null, publicKey: null };
  const [jwt, k] = [m[1], m[2]];
  const [h, c, s] = jwt.split(".");
  const raw = Buffer.from(k, "base64url");
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33, 65)) },
    format: "jwk",
  });
  const claims = JSON.parse(Buffer.from(c, "base64url").toString()) as { aud?: string; sub?: string; exp?: number };
  const signed = verify(
    "sha256",
    Buffer.from(`${h}.${c}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(s, "base64url"),
  );
  const fresh = typeof claims.exp === "number" && claims.exp * 1000 > Date.now();
  return {
    ok: signed && fresh && claims.aud === expectedAud,
    aud: claims.aud ?? null,
    sub: claims.sub ?? null,
    publicKey: k,
  };
}

/** RFC 8188/8291 aes128gcm: salt(16) rs(4) idlen(1) keyid(sender's public key) ciphertext. */
function decrypt(body: Buffer, device: { ecdh: ReturnType<typeof createECDH>; auth: Buffer }) {
  const salt = body.subarray(0, 16);
  const idlen = body[20];
  const senderKey = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const secret = device.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), device.ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync("sha256", secret, device.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // the last record ends with the delimiter 0x02 and zero padding
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error("no padding delimiter");
  return JSON.parse(plain.subarray(0, end).toString("utf8"));
}

export async function startLocalPushService(): Promise<LocalPushService> {
  const devices = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const state: LocalPushService = {
    url: "",
    deliveries: [],
    status: 201,
    location: null,
    subscription(path = `/push/${randomBytes(6).toString("hex")}`) {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      devices.set(path, { ecdh, auth });
      return { endpoint: `${state.url}${path}`, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) } };
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "";
      const device = devices.get(path);
      let payload: unknown = null;
      try {
        payload = device ? decrypt(Buffer.concat(chunks), device) : null;
      } catch (err) {
        payload = { error: String(err) };
      }
      state.deliveries.push({
        path,
        headers: req.headers,
        vapid: verifyVapid(req.headers.authorization, state.url),
        payload,
      });
      res.statusCode = state.status;
      if (state.location) res.setHeader("Location", state.location);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
