import { canAny, type Permission, type PermissionHolder } from "./permissions";

/** The navigation lists only modules that exist; each entry shows when the user holds its permission. */
export interface NavItem {
  to: string;
  labelKey: string;
  icon: string;
  anyOf: Permission[];
}

export const NAV_ITEMS: NavItem[] = [
  { to: "/manage", labelKey: "nav.manage", icon: "map", anyOf: ["manage:read"] },
  { to: "/dashboard", labelKey: "dashboard:nav", icon: "dashboard", anyOf: ["dashboard:read"] },
  { to: "/replay", labelKey: "replay:nav", icon: "history", anyOf: ["replay:read"] },
  { to: "/immobilization", labelKey: "immobilization:nav", icon: "lock", anyOf: ["immobilization:read"] },
  { to: "/places", labelKey: "places:nav", icon: "place", anyOf: ["places:read"] },
  { to: "/alerts", labelKey: "alerts:nav", icon: "notifications", anyOf: ["alerts:read"] },
  { to: "/analytics", labelKey: "analytics:nav", icon: "analytics", anyOf: ["analytics:read"] },
  { to: "/car-sharing", labelKey: "carSharing:nav", icon: "directions_car", anyOf: ["carSharing:read"] },
  { to: "/maintenance", labelKey: "maintenance:nav", icon: "build", anyOf: ["maintenance:read"] },
  { to: "/route-planning", labelKey: "routePlanning:nav", icon: "route", anyOf: ["routePlanning:read"] },
  { to: "/tms", labelKey: "tms:nav", icon: "local_shipping", anyOf: ["tms:read"] },
  { to: "/video", labelKey: "video:nav", icon: "videocam", anyOf: ["video:read"] },
  {
    to: "/configuration/list",
    labelKey: "nav.configuration",
    icon: "settings",
    anyOf: [
      "organization:read",
      "drivers:read",
      "vehicles:read",
      "teams:read",
      "users:read",
      "settings:read",
      "audit:read",
    ],
  },
  { to: "/administration/organizations", labelKey: "admin:nav", icon: "domain", anyOf: ["installation:admin"] },
];

export const visibleNav = (user: PermissionHolder) => NAV_ITEMS.filter((i) => canAny(user, i.anyOf));
