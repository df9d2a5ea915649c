import path from "node:path";
import { z } from "zod";
import {
  PROTOCOL_NAMES,
  PROTOCOLS,
  protocolPortVariable,
  type ProtocolName,
  type ProtocolPortVariable,
} from "./shared/protocols";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const port = z.coerce.number().int().min(0).max(65535);

/** `TELTONIKA_PORT`, `GT06_PORT`, …: every protocol of the registry, defaulting to its port there. */
const protocolPorts = Object.fromEntries(
  PROTOCOL_NAMES.map((name) => [protocolPortVariable(name), port.default(PROTOCOLS[name].port)]),
) as { [N in ProtocolName as ProtocolPortVariable<N>]: z.ZodDefault<typeof port> };

export const DEFAULT_ADMIN_EMAIL = "admin@flota.local";
export const DEFAULT_ADMIN_PASSWORD = "flota-admin";

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: port.default(3000),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  FLOTA_DATA_DIR: z.string().default("./data"),
  FLOTA_DB_PORT: port.default(54329),
  FLOTA_ADMIN_EMAIL: z.string().email().default(DEFAULT_ADMIN_EMAIL),
  FLOTA_ADMIN_PASSWORD: z.string().min(8).default(DEFAULT_ADMIN_PASSWORD),
  FLOTA_DEMO: bool.default(true),
  FLOTA_WORKER: z.enum(["inline", "off"]).default("inline"),
  // Roles as processes (docs/scaling.md): "off" leaves the device gateways to `npm run gateway`.
  FLOTA_GATEWAYS: z.enum(["on", "off"]).default("on"),
  // npm run gateway: this many processes share the gateway ports (Node's cluster module); 1 = the process itself
  GATEWAY_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
  // SO_REUSEPORT on the gateway sockets, so separate gateway processes bind one port (Node 22.12 or later)
  GATEWAY_REUSE_PORT: bool.default(false),
  // npm run gateway serves GET /metrics on this port when set
  GATEWAY_METRICS_PORT: port.optional(),
  // A job whose worker stops renewing its lock for this long goes back to its queue (BullMQ's stalled check).
  JOB_LOCK_MS: z.coerce.number().int().min(1000).default(30_000),
  QUEUE_PREFIX: z
    .string()
    .regex(/^[a-z0-9-]*$/)
    .default(""),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  COOKIE_SECURE: bool.optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SMTP_URL: z.string().optional(),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: port.optional(),
  SMTP_SECURE: bool.optional(),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  MAIL_FROM: z.string().default("Flota <no-reply@flota.local>"),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_LABEL: z.string().default("Single sign-on"),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(50),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  // one <NAME>_PORT per device protocol, on Traccar's port (server/shared/protocols.ts); 0 turns the protocol off
  ...protocolPorts,
  GATEWAY_HOST: z.string().default("0.0.0.0"),
  FLOTA_SIMULATOR: bool.optional(),
  IMMOBILIZATION_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  // Dashcam file transfers (Teltonika DualCam; Traccar's port) and where media files are kept (docs/video.md).
  CAMERA_PORT: port.default(5232),
  CAMERA_PUBLIC_HOST: z.string().optional(),
  FLOTA_STORAGE_DIR: z.string().optional(),
  UPLOAD_MAX_IMAGE_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  // Express's `trust proxy` behind a load balancer: true, a hop count, or addresses/subnets ("loopback, 10.0.0.0/8").
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v): boolean | number | string | undefined => {
      if (v === undefined) return undefined;
      if (v === "true") return true;
      if (v === "false") return false;
      return /^\d+$/.test(v) ? Number(v) : v;
    }),
  // Web Push (docs/driver-app.md): the contact the push services see in the VAPID claims (mailto: or https:)
  PUSH_CONTACT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, "mailto: or https: URL")
    .optional(),
  // GET /metrics from other machines than this one (docs/operations.md); unset: loopback only.
  METRICS_TOKEN: z.string().min(16).optional(),
  // the job worker (npm run worker) serves GET /metrics on this port when set; the web process uses PORT
  WORKER_METRICS_PORT: port.optional(),
  // SIGTERM: how long the process may take to finish its work before it exits anyway.
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  // Outbound calls to addresses users enter (position forwarding, webhooks): private, loopback and link-local
  // addresses are refused unless the installation allows them (an on-premises receiver; docs/integrations.md).
  OUTBOUND_ALLOW_PRIVATE: bool.default(false),
  // Position forwarding (docs/integrations.md): positions waiting per target (the oldest are dropped beyond it),
  // positions per batch, how long a batch waits to fill, the first retry's delay (doubling up to a minute),
  // attempts per batch before its positions count as dropped, and each delivery's time limit.
  FORWARDING_QUEUE_SIZE: z.coerce.number().int().min(1).default(10_000),
  FORWARDING_BATCH_SIZE: z.coerce.number().int().min(1).max(5000).default(200),
  FORWARDING_BATCH_MS: z.coerce.number().int().min(0).default(1000),
  FORWARDING_RETRY_MS: z.coerce.number().int().min(1).default(1000),
  FORWARDING_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(8),
  FORWARDING_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  // Street addresses from a Nominatim or Photon server, looked up on the job queue (docs/integrations.md#addresses);
  // unset: addresses come from the organisation's places and the bundled gazetteer only.
  GEOCODER_URL: z.string().url().optional(),
  GEOCODER_KIND: z.enum(["nominatim", "photon"]).default("nominatim"),
  // lookups per second across every process (Nominatim's public usage policy allows one)
  GEOCODER_RATE_PER_SEC: z.coerce.number().positive().max(1000).default(1),
  MAP_STYLE: z.enum(["online", "offline"]).default("online"),
  MAP_STYLE_URL: z.string().url().optional(),
  PMTILES_URL: z.string().url().optional(),
  MAP_CSP_ORIGINS: z
    .string()
    .optional()
    .transform((v, c) => {
      const list = (v ?? "").split(/[\s,]+/).filter(Boolean);
      for (const o of list) {
        if (!/^https?:\/\/[^/\s]+$/.test(o))
          c.addIssue({ code: "custom", message: `${o} is not an origin (scheme://host[:port])` });
      }
      return list;
    }),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  dataDir: string;
  embeddedDatabase: boolean;
  usingDefaultAdminPassword: boolean;
  secureCookies: boolean;
  /** demo fleet simulator: FLOTA_SIMULATOR, defaulting to on with FLOTA_DEMO */
  simulator: boolean;
  smtp: { url?: string; host?: string; port?: number; secure?: boolean; user?: string; password?: string } | null;
  oidc: { issuer: string; clientId: string; clientSecret?: string; label: string } | null;
}

export class ConfigError extends Error {}

/** Parses the environment once; throws a readable error listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (e.OIDC_ISSUER && !e.OIDC_CLIENT_ID)
    throw new ConfigError("Invalid configuration:\n  OIDC_CLIENT_ID: required when OIDC_ISSUER is set");
  const smtpConfigured = Boolean(e.SMTP_URL || e.SMTP_HOST);
  return {
    ...e,
    dataDir: path.resolve(e.FLOTA_DATA_DIR),
    embeddedDatabase: !e.DATABASE_URL,
    usingDefaultAdminPassword: e.FLOTA_ADMIN_PASSWORD === DEFAULT_ADMIN_PASSWORD,
    simulator: e.FLOTA_SIMULATOR ?? e.FLOTA_DEMO,
    secureCookies: e.COOKIE_SECURE ?? e.PUBLIC_URL?.startsWith("https://") ?? false,
    smtp: smtpConfigured
      ? {
          url: e.SMTP_URL,
          host: e.SMTP_HOST,
          port: e.SMTP_PORT,
          secure: e.SMTP_SECURE,
          user: e.SMTP_USER,
          password: e.SMTP_PASSWORD,
        }
      : null,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID
        ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET, label: e.OIDC_LABEL }
        : null,
  };
}
