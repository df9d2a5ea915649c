import { describe, expect, it } from "vitest";
import { can, canAny } from "../../app/lib/permissions";
import { visibleNav } from "../../app/lib/navigation";
import { holdsAll } from "../../server/modules/access/access.policy";
import { ALL_PERMISSIONS, isPermission, SYSTEM_ROLES, type Permission } from "../../server/modules/access/permissions";
import type { Principal } from "../../server/modules/access/principal";

// `npx tsc --noEmit` compiles this file: each @ts-expect-error below must see a compile error, or tsc fails.
const viewer = { permissions: new Set<Permission>(SYSTEM_ROLES.viewer.permissions) };

// @ts-expect-error a misspelt module:action is not a permission
can(viewer, "alerts:wirte");
// @ts-expect-error an action the module does not have is not a permission either
can(viewer, "places:delete");
// @ts-expect-error a Principal's permission set holds only catalogue keys
const _untyped: Principal["permissions"] = new Set<string>(["alerts:read"]);

describe("permission keys", () => {
  it("answers from a Principal's set and from the root loader's list alike", () => {
    expect(can(viewer, "alerts:read")).toBe(true);
    expect(can(viewer, "alerts:write")).toBe(false);
    const listed = { permissions: ["alerts:write"] as Permission[] };
    expect(can(listed, "alerts:write")).toBe(true);
    expect(can(listed, "alerts:read")).toBe(false);
    expect(can(null, "manage:read")).toBe(false);
    expect(canAny(listed, ["places:read", "alerts:write"])).toBe(true);
  });

  it("shows a navigation entry only to holders of its permission", () => {
    const driver = { permissions: SYSTEM_ROLES.driver.permissions };
    expect(visibleNav(driver).map((i) => i.to)).toEqual(["/manage", "/car-sharing"]);
    expect(visibleNav({ permissions: ["manage:read"] }).map((i) => i.to)).toEqual(["/manage"]);
  });

  it("treats a stored key this version does not know as not held", () => {
    expect(isPermission("alerts:read")).toBe(true);
    expect(isPermission("alerts:wirte")).toBe(false);
    const admin = { permissions: new Set(ALL_PERMISSIONS) } as unknown as Principal;
    expect(holdsAll(admin, ["alerts:read", "vehicles:delete"])).toBe(true);
    expect(holdsAll(admin, ["alerts:read", "reports:everything"])).toBe(false);
  });
});
