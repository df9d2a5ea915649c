/** The configuration screens; each shows when the user holds its permission (null: everyone). */
export interface ConfigSection {
  key: "organization" | "drivers" | "vehicles" | "teams" | "users" | "settings" | "profile" | "help";
  to: string;
  permission: string | null;
}

export const CONFIG_SECTIONS: ConfigSection[] = [
  { key: "organization", to: "/configuration/organization", permission: "organization:read" },
  { key: "drivers", to: "/configuration/drivers/list", permission: "drivers:read" },
  { key: "vehicles", to: "/configuration/vehicles/list", permission: "vehicles:read" },
  { key: "teams", to: "/configuration/vehicles/teams", permission: "teams:read" },
  { key: "users", to: "/configuration/users/list", permission: "users:read" },
  { key: "settings", to: "/configuration/settings", permission: "settings:read" },
  { key: "profile", to: "/configuration/profile", permission: null },
  { key: "help", to: "/configuration/help", permission: null },
];

export const visibleSections = (permissions: ReadonlySet<string>) =>
  CONFIG_SECTIONS.filter((s) => s.permission === null || permissions.has(s.permission));
