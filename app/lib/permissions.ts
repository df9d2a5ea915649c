import type { Permission } from "../../server/modules/access/permissions";

export type { Permission };

/** Whoever carries permissions: the Principal in loaders and actions (a set), the root loader's user (a list). */
export type PermissionHolder = { permissions: ReadonlySet<Permission> | readonly Permission[] } | null | undefined;

/**
 * What the page may offer: `can(p, "alerts:write")`. The key is typed against the permission catalogue
 * (server/modules/access/permissions.ts), so a misspelt `module:action` does not compile. This only shapes the
 * page; the services check the same permission again through their policies.
 */
export function can(user: PermissionHolder, permission: Permission): boolean {
  if (!user) return false;
  const held = user.permissions;
  return "has" in held ? held.has(permission) : held.includes(permission);
}

/** Holds at least one of the permissions (a navigation entry that covers several screens). */
export const canAny = (user: PermissionHolder, permissions: readonly Permission[]) =>
  permissions.some((perm) => can(user, perm));
