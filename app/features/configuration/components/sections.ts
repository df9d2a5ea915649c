import { can, type Permission, type PermissionHolder } from "../../../lib/permissions";

/** The configuration screens; each shows when the user holds its permission (null: everyone). */
export interface ConfigSection {
  key:
    | "organization"
    | "drivers"
    | "vehicles"
    | "teams"
    | "users"
    | "settings"
    | "auditLog"
    | "forwarding"
    | "webhooks"
    | "profile"
    | "help";
  to: string;
  permission: Permission | null;
}

export const CONFIG_SECTIONS: ConfigSection[] = [
  { key: "organization", to: "/configuration/organization", permission: "organization:read" },
  { key: "drivers", to: "/configuration/drivers/list", permission: "drivers:read" },
  { key: "vehicles", to: "/configuration/vehicles/list", permission: "vehicles:read" },
  { key: "teams", to: "/configuration/vehicles/teams", permission: "teams:read" },
  { key: "users", to: "/configuration/users/list", permission: "users:read" },
  { key: "settings", to: "/configuration/settings", permission: "settings:read" },
  { key: "auditLog", to: "/configuration/audit-log", permission: "audit:read" },
  { key: "forwarding", to: "/configuration/forwarding", permission: "organization:write" },
  // the webhooks module's policy (webhooksPolicy.manage): administrators only
  { key: "webhooks", to: "/configuration/webhooks", permission: "settings:write" },
  { key: "profile", to: "/configuration/profile", permission: null },
  { key: "help", to: "/configuration/help", permission: null },
];

/** The section a path belongs to: the longest matching prefix, so teams pages do not light up vehicles. */
export function activeSection(pathname: string): ConfigSection["key"] | null {
  const prefixes: Array<[string, ConfigSection["key"]]> = [
    ["/configuration/vehicles/teams", "teams"],
    ["/configuration/vehicles", "vehicles"],
    ["/configuration/drivers", "drivers"],
    ["/configuration/users", "users"],
    ["/configuration/organization", "organization"],
    ["/configuration/settings", "settings"],
    ["/configuration/audit-log", "auditLog"],
    ["/configuration/forwarding", "forwarding"],
    ["/configuration/webhooks", "webhooks"],
    ["/configuration/profile", "profile"],
    ["/configuration/help", "help"],
  ];
  return prefixes.find(([prefix]) => pathname === prefix || pathname.startsWith(`${prefix}/`))?.[1] ?? null;
}

export const visibleSections = (user: PermissionHolder) =>
  CONFIG_SECTIONS.filter((s) => s.permission === null || can(user, s.permission));
