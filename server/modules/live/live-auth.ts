import type { AppContext } from "../../context";
import { sha256 } from "../../security/tokens";
import type { Principal } from "../access/principal";

/** The principal of the session whose socket token (the login answer's aye_token) this is. */
export async function loadPrincipalBySocketToken(ctx: AppContext, socketToken: string | null | undefined): Promise<Principal | null> {
  if (!socketToken) return null;
  const row = await ctx.db
    .selectFrom("sessions as s")
    .innerJoin("users as u", "u.id", "s.user_id")
    .innerJoin("roles as r", "r.id", "u.role_id")
    .select([
      "s.id as session_id", "s.csrf_token", "s.expires_at",
      "u.id as user_id", "u.org_id", "u.email", "u.first_name", "u.last_name", "u.team_id",
      "u.default_language", "u.web_only", "u.vehicle_access",
      "r.id as role_id", "r.key as role_key", "r.name as role_name", "r.permissions", "r.options",
    ])
    .where("s.socket_token_hash", "=", sha256(socketToken))
    .where("s.expires_at", ">", new Date())
    .where("u.active", "=", true)
    .executeTakeFirst();
  if (!row) return null;
  const permissions = new Set(row.permissions);
  const vehicleIds = row.vehicle_access === "selected"
    ? (await ctx.db.selectFrom("user_vehicles").select("vehicle_id").where("user_id", "=", row.user_id).execute()).map((r) => r.vehicle_id)
    : null;
  return {
    sessionId: row.session_id,
    orgId: row.org_id,
    userId: row.user_id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    language: row.default_language,
    webOnly: row.web_only,
    role: { id: row.role_id, key: row.role_key, name: row.role_name, options: row.options ?? {} },
    permissions,
    teamIds: permissions.has("fleet:allTeams") ? "all" : row.team_id ? [row.team_id] : [],
    vehicleIds,
    csrfToken: row.csrf_token,
    expiresAt: new Date(row.expires_at),
  };
}
