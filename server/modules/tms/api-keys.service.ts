import type { AppContext } from "../../context";
import { AppError, notFound } from "../../errors";
import { newToken, sha256 } from "../../security/tokens";
import type { Principal } from "../access/principal";
import { audit } from "../audit";
import { existingUserIds } from "../users";
import { apiKeyUsageRepo } from "./api-key-usage.repo";
import { apiKeysRepo } from "./api-keys.repo";
import { tmsPolicy } from "./tms.policy";
import { toApiKeyDto } from "./tms.mapper";
import { apiKeyInputSchema } from "./tms.schema";

/** Keys look like `flk_<prefix>_<secret>`; only the hash is stored, the prefix identifies a key on screen. */
export const API_KEY_PREFIX = "flk_";

export async function listApiKeys(ctx: AppContext, p: Principal) {
  tmsPolicy.admin(p);
  return (await apiKeysRepo.list(ctx.db, p.orgId)).map(toApiKeyDto);
}

/** Creates a key and returns it in clear once. */
export async function createApiKey(
  ctx: AppContext,
  p: Principal,
  input: Record<string, unknown>,
): Promise<{ id: string; key: string }> {
  tmsPolicy.admin(p);
  const { name } = apiKeyInputSchema.parse(input);
  const prefix = newToken(6).replace(/[-_]/g, "x").slice(0, 8);
  const key = `${API_KEY_PREFIX}${prefix}_${newToken(32)}`;
  return ctx.db.transaction().execute(async (trx) => {
    const row = await apiKeysRepo.insert(trx, p.orgId, { name, prefix, key_hash: sha256(key), created_by: p.userId });
    await audit.record(trx, p, { entity: "tms_api_key", id: row.id, action: "create", after: row });
    return { id: row.id, key };
  });
}

export async function revokeApiKey(ctx: AppContext, p: Principal, id: string) {
  tmsPolicy.admin(p);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await apiKeysRepo.revoke(trx, p.orgId, id);
    if (!row) throw notFound("API key");
    await audit.record(trx, p, { entity: "tms_api_key", id, action: "revoke", before: row });
  });
}

/** The organisation a presented key belongs to; API_KEY_INVALID for a missing, unknown or revoked key. */
export async function authenticateApiKey(
  ctx: AppContext,
  raw: string | null | undefined,
): Promise<{ orgId: string; keyId: string; name: string; createdBy: string | null }> {
  if (!raw || !raw.startsWith(API_KEY_PREFIX) || raw.length > 200)
    throw new AppError("API_KEY_INVALID", "Invalid API key");
  const row = await apiKeysRepo.use(ctx.db, sha256(raw));
  if (!row) throw new AppError("API_KEY_INVALID", "Invalid API key");
  return { orgId: row.org_id, keyId: row.id, name: row.name, createdBy: row.created_by };
}

/**
 * The principal of an integration key: its organisation, allowed only tms:read and tms:write, written to the audit
 * log under the administrator who created the key (API_KEY_INVALID once that person is deleted).
 */
export async function keyPrincipal(ctx: AppContext, raw: string | null | undefined): Promise<Principal> {
  const key = await authenticateApiKey(ctx, raw);
  const creator = key.createdBy;
  if (!creator || !(await existingUserIds(ctx, key.orgId, [creator])).has(creator))
    throw new AppError("API_KEY_INVALID", "The key's creator no longer exists");
  return {
    sessionId: key.keyId,
    orgId: key.orgId,
    operator: false,
    userId: creator,
    email: null,
    firstName: "API",
    lastName: key.name,
    language: "en",
    webOnly: false,
    navCollapsed: false,
    role: { id: key.keyId, key: "integration", name: "integration", options: {} as Principal["role"]["options"] },
    permissions: new Set(["tms:read", "tms:write"]),
    teamIds: "all",
    vehicleIds: null,
    csrfToken: "",
    expiresAt: new Date(Date.now() + MINUTE_MS),
  };
}

const MINUTE_MS = 60_000;

/**
 * Counts a request of an integration key against `limit` requests per minute, shared by every web process (the
 * count lives in PostgreSQL). A sliding window estimated from two fixed minutes: the previous minute's requests
 * weighted by how much of it still lies within the last 60 s, plus this minute's. A refused request counts too,
 * so a client that keeps hammering stays refused. Returns what the headers tell the client.
 */
export async function takeKeyRequest(
  ctx: AppContext,
  key: { orgId: string; keyId: string },
  limit: number,
  now = new Date(),
) {
  const windowStart = new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS);
  const { current, previous } = await apiKeyUsageRepo.count(ctx.db, key.orgId, key.keyId, windowStart);
  const elapsed = (now.getTime() - windowStart.getTime()) / MINUTE_MS;
  const used = previous * (1 - elapsed) + current;
  const retryAfterS = Math.max(1, Math.ceil((windowStart.getTime() + MINUTE_MS - now.getTime()) / 1000));
  return { allowed: used <= limit, remaining: Math.max(0, Math.floor(limit - used)), retryAfterS };
}
