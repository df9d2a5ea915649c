/**
 * Permission catalogue: module -> actions. A permission is written "module:action".
 * Roles hold a list of permissions; policies ask for one.
 */
export const MODULES = {
  manage: ["read"],
  replay: ["read"],
  immobilization: ["read", "command"],
  places: ["read", "write"],
  alerts: ["read", "write"],
  analytics: ["read", "write"],
  dashboard: ["read", "write"],
  routePlanning: ["read", "write"],
  tms: ["read", "write"],
  maintenance: ["read", "write"],
  carSharing: ["read", "write", "admin"],
  video: ["read", "request"],
  organization: ["read", "write"],
  settings: ["read", "write"],
  teams: ["read", "write"],
  vehicles: ["read", "write", "delete"],
  drivers: ["read", "write", "delete"],
  users: ["read", "write", "delete"],
  fleet: ["allTeams"],
  audit: ["read"],
  installation: ["admin"],
} as const;

export type ModuleName = keyof typeof MODULES;
export type Permission = { [M in ModuleName]: `${M}:${(typeof MODULES)[M][number]}` }[ModuleName];

/**
 * Granted by the installation, never through a role: the administrators of the operator organisation
 * (migration 0004) hold them (auth.service principalOf). Roles cannot carry them, so no tenant can.
 */
export const INSTALLATION_PERMISSIONS: readonly Permission[] = ["installation:admin"];

/** Every permission a role may hold. */
export const ALL_PERMISSIONS = (
  Object.entries(MODULES).flatMap(([m, actions]) =>
    (actions as readonly string[]).map((a) => `${m}:${a}`),
  ) as Permission[]
).filter((p) => !INSTALLATION_PERMISSIONS.includes(p));

const KNOWN = new Set<string>(ALL_PERMISSIONS);

/** A role's stored permission that this version knows (roles are rows: an unknown key grants nothing). */
export const isPermission = (value: string): value is Permission => KNOWN.has(value);

const READ_ALL = ALL_PERMISSIONS.filter((p) => p.endsWith(":read"));

function without(list: readonly Permission[], ...excluded: Permission[]): Permission[] {
  return list.filter((p) => !excluded.includes(p));
}

export type RoleKey = "administrator" | "fleet_manager" | "dispatcher" | "viewer" | "driver";

export const SYSTEM_ROLES: Record<RoleKey, { permissions: Permission[]; loginRedirect: string }> = {
  administrator: { permissions: [...ALL_PERMISSIONS], loginRedirect: "/manage" },
  fleet_manager: {
    permissions: without(ALL_PERMISSIONS, "users:delete", "organization:write", "settings:write", "audit:read"),
    loginRedirect: "/manage",
  },
  dispatcher: {
    permissions: [
      ...without(READ_ALL, "users:read", "organization:read", "settings:read", "audit:read"),
      "routePlanning:write",
      "tms:write",
      "places:write",
      "carSharing:write",
      "video:request",
      // tiles are personal: arranging one's own dashboard changes nothing anyone else sees
      "dashboard:write",
    ],
    loginRedirect: "/manage",
  },
  viewer: {
    permissions: [
      ...without(READ_ALL, "users:read", "organization:read", "settings:read", "immobilization:read", "audit:read"),
      "dashboard:write",
    ],
    loginRedirect: "/manage",
  },
  driver: { permissions: ["manage:read", "carSharing:read", "carSharing:write"], loginRedirect: "/manage" },
};

export const ROLE_KEYS = Object.keys(SYSTEM_ROLES) as RoleKey[];
