import type { Insertable, Selectable, Updateable } from "kysely";
import type { AccessTables, RolesTable } from "./access";
import type { AddressTables } from "./addresses";
import type { AdminTables } from "./admin";
import type { AlertTables } from "./alerts";
import type { AnalyticsTables } from "./analytics";
import type { AuthTables } from "./auth";
import type { CarSharingTables } from "./car-sharing";
import type { DriverPhoneTables } from "./driver-phone";
import type { ForwardingTables } from "./forwarding";
import type { MaintenanceTables } from "./maintenance";
import type { OrganizationTables, OrganizationsTable } from "./organization";
import type { PlaceTables } from "./places";
import type { RoutePlanningTables } from "./route-planning";
import type { TeamTables, TeamsTable } from "./teams";
import type { TelematicsTables } from "./telematics";
import type { TmsTables } from "./tms";
import type { UserTables, UsersTable } from "./users";
import type { VehicleTables, VehiclesTable } from "./vehicles";
import type { VideoTables } from "./video";
import type { WebhookTables } from "./webhooks";

export type { RoleOptions } from "./access";

/**
 * The Kysely database: one file per feature's tables (server/db/schema/<feature>.ts), composed here.
 * A new module adds its file and one entry to this list.
 */
export interface Database
  extends OrganizationTables,
    AccessTables,
    TeamTables,
    UserTables,
    VehicleTables,
    AuthTables,
    TelematicsTables,
    PlaceTables,
    AlertTables,
    AdminTables,
    AnalyticsTables,
    CarSharingTables,
    MaintenanceTables,
    RoutePlanningTables,
    TmsTables,
    VideoTables,
    DriverPhoneTables,
    ForwardingTables,
    AddressTables,
    WebhookTables {}

export type Organization = Selectable<OrganizationsTable>;
export type Role = Selectable<RolesTable>;
export type Team = Selectable<TeamsTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Vehicle = Selectable<VehiclesTable>;
export type NewVehicle = Insertable<VehiclesTable>;
export type VehicleUpdate = Updateable<VehiclesTable>;
