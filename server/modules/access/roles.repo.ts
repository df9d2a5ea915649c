import type { DB } from "../../db/database";
import { ROLE_KEYS, SYSTEM_ROLES, type RoleKey } from "./permissions";

const ROLE_NAMES: Record<RoleKey, string> = {
  administrator: "Administrator",
  fleet_manager: "Fleet manager",
  dispatcher: "Dispatcher",
  viewer: "Viewer",
  driver: "Driver",
};

export const rolesRepo = {
  /** A new organisation's system roles, with their default names, permissions and login redirects. */
  async insertSystemRoles(db: DB, orgId: string): Promise<Record<RoleKey, string>> {
    const roles = {} as Record<RoleKey, string>;
    for (const key of ROLE_KEYS) {
      const row = await db
        .insertInto("roles")
        .values({
          org_id: orgId,
          key,
          name: ROLE_NAMES[key],
          permissions: SYSTEM_ROLES[key].permissions,
          options: JSON.stringify({ redirect_urls: { login: SYSTEM_ROLES[key].loginRedirect } }),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      roles[key] = row.id;
    }
    return roles;
  },
};
