import type { RoleOptions } from "../../db/schema";
import type { Permission } from "./permissions";

/** Who is asking: the signed-in user with everything policies need, loaded once per request. */
export interface Principal {
  sessionId: string;
  orgId: string;
  /** The organisation runs this installation (sees devices no organisation has claimed). */
  operator: boolean;
  userId: string;
  email: string | null;
  firstName: string;
  lastName: string;
  language: "al" | "en";
  webOnly: boolean;
  /** the side navigation folded to icons (a display choice kept with the user) */
  navCollapsed: boolean;
  role: { id: string; key: string; name: string; options: RoleOptions };
  permissions: ReadonlySet<Permission>;
  /** Teams whose vehicles the user may see; "all" for every team of the organisation. */
  teamIds: readonly string[] | "all";
  /** Vehicles the user is limited to, or null when not limited to specific vehicles. */
  vehicleIds: readonly string[] | null;
  csrfToken: string;
  expiresAt: Date;
  /** A support session: the installation administrator signed in as this user (shown in the header, written to the audit log). */
  support?: SupportOrigin | null;
}

export interface SupportOrigin {
  userId: string;
  name: string;
  orgName: string;
}
