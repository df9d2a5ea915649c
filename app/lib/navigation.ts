import { canAny, type Permission, type PermissionHolder } from "./permissions";

/** The navigation lists only modules that exist; each entry shows when the user holds its permission. */
export interface NavItem {
  to: string;
  labelKey: string;
  icon: NavIconName;
  group: NavGroup;
  anyOf: Permission[];
}

/** The sections grouped the way operators think of their day (docs/navigation.md), in this order. */
export const NAV_GROUPS = ["operate", "plan", "maintain", "analyse", "setup"] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];

export type NavIconName =
  | "map"
  | "dashboard"
  | "history"
  | "lock"
  | "place"
  | "notifications"
  | "analytics"
  | "directions_car"
  | "build"
  | "route"
  | "local_shipping"
  | "videocam"
  | "settings"
  | "domain";

export const NAV_ITEMS: NavItem[] = [
  { to: "/manage", labelKey: "nav.manage", icon: "map", group: "operate", anyOf: ["manage:read"] },
  { to: "/dashboard", labelKey: "dashboard:nav", icon: "dashboard", group: "analyse", anyOf: ["dashboard:read"] },
  { to: "/replay", labelKey: "replay:nav", icon: "history", group: "operate", anyOf: ["replay:read"] },
  {
    to: "/immobilization",
    labelKey: "immobilization:nav",
    icon: "lock",
    group: "operate",
    anyOf: ["immobilization:read"],
  },
  { to: "/places", labelKey: "places:nav", icon: "place", group: "setup", anyOf: ["places:read"] },
  { to: "/alerts", labelKey: "alerts:nav", icon: "notifications", group: "operate", anyOf: ["alerts:read"] },
  { to: "/analytics", labelKey: "analytics:nav", icon: "analytics", group: "analyse", anyOf: ["analytics:read"] },
  { to: "/car-sharing", labelKey: "carSharing:nav", icon: "directions_car", group: "plan", anyOf: ["carSharing:read"] },
  { to: "/maintenance", labelKey: "maintenance:nav", icon: "build", group: "maintain", anyOf: ["maintenance:read"] },
  { to: "/route-planning", labelKey: "routePlanning:nav", icon: "route", group: "plan", anyOf: ["routePlanning:read"] },
  { to: "/tms", labelKey: "tms:nav", icon: "local_shipping", group: "plan", anyOf: ["tms:read"] },
  { to: "/video", labelKey: "video:nav", icon: "videocam", group: "operate", anyOf: ["video:read"] },
  {
    to: "/configuration/list",
    labelKey: "nav.configuration",
    icon: "settings",
    group: "setup",
    anyOf: [
      "organization:read",
      "drivers:read",
      "vehicles:read",
      "teams:read",
      "users:read",
      "settings:read",
      "audit:read",
      "settings:write",
    ],
  },
  {
    to: "/administration/organizations",
    labelKey: "admin:nav",
    icon: "domain",
    group: "setup",
    anyOf: ["installation:admin"],
  },
];

export const visibleNav = (user: PermissionHolder) => NAV_ITEMS.filter((i) => canAny(user, i.anyOf));

/** The visible sections in their groups, groups in NAV_GROUPS order and empty groups left out. */
export function groupNav<T extends { group: NavGroup }>(items: T[]): { group: NavGroup; items: T[] }[] {
  return NAV_GROUPS.map((group) => ({ group, items: items.filter((i) => i.group === group) })).filter(
    (g) => g.items.length > 0,
  );
}
