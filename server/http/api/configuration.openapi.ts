import { organizationInputSchema, settingsInputSchema } from "../../modules/organization";
import { teamInputSchema } from "../../modules/teams";
import { passwordChangeSchema, personInputSchema, profileInputSchema } from "../../modules/users";
import { vehicleFilterSchema, vehicleInputSchema } from "../../modules/vehicles";
import type { ApiFragment } from "../openapi/openapi-document";
import { apiPaths, listParams, obj, page, queryFromZod, S } from "../openapi/schema-kit";

const vehicle = {
  id: S.uuid,
  registration: S.str,
  category: S.enum(["Truck", "Van", "Car"]),
  fuel: S.strN,
  identifier_name: S.strN,
  chassis_number: S.strN,
  fuel_consumption: S.numN,
  tank_volume: S.numN,
  vehicle_year: S.intN,
  size: S.strN,
  purchase_price: S.numN,
  estimated_consumption: S.numN,
  electric: S.bool,
  fleet_number: S.strN,
  business_number: S.strN,
  fiscal_number: S.strN,
  country: S.strN,
  province: S.strN,
  region: S.strN,
  postal_code: S.strN,
  team_id: S.uuidN,
  driver_id: S.uuidN,
  device_imei: S.strN,
  device_protocol: S.strN,
  odometer_km: S.numN,
  created_at: S.dt,
  updated_at: S.dt,
};
const person = {
  id: S.uuid,
  email: S.strN,
  first_name: S.str,
  middle_name: S.strN,
  last_name: S.str,
  birthday: S.dateN,
  personal_number: S.strN,
  phone: S.strN,
  role_id: S.uuid,
  team_id: S.uuidN,
  is_driver: S.bool,
  web_only: S.bool,
  vehicle_access: S.enum(["all", "team", "selected"]),
  default_language: S.enum(["al", "en"]),
  active: S.bool,
  last_login_at: S.dtN,
};

const schemas = {
  Organization: obj({
    id: S.uuid,
    name: S.str,
    legal_name: S.strN,
    business_number: S.strN,
    fiscal_number: S.strN,
    country: S.strN,
    province: S.strN,
    region: S.strN,
    city: S.strN,
    postal_code: S.strN,
    address: S.strN,
    phone: S.strN,
    email: S.strN,
    created_at: S.dt,
    updated_at: S.dt,
    is_operator: S.bool,
    status: S.enum(["active", "suspended"]),
    status_changed_at: S.dtN,
    device_quota: S.intN,
  }),
  Settings: obj({
    attendance_enabled: S.bool,
    attendance_start_threshold: { type: "string", description: "HH:MM, local time" },
    checkin_radius_m: S.int,
    checkout_radius_m: S.int,
    self_assign_jobs: S.bool,
    timezone: { type: "string", description: "IANA time zone of the organisation (Europe/Tirane by default)" },
  }),
  Team: obj({ id: S.uuid, name: S.str, description: S.strN, created_at: S.dt, updated_at: S.dt }),
  TeamListItem: obj({
    id: S.uuid,
    name: S.str,
    description: S.strN,
    updated_at: S.dt,
    vehicle_count: S.int,
    member_count: S.int,
  }),
  Vehicle: obj(vehicle),
  VehicleDetails: obj({
    ...vehicle,
    images: S.arr(obj({ id: S.uuid, content_type: S.str, byte_size: S.int, created_at: S.dt, url: S.str })),
  }),
  VehicleListItem: obj({
    id: S.uuid,
    registration: S.str,
    category: S.enum(["Truck", "Van", "Car"]),
    identifier_name: S.strN,
    fleet_number: S.strN,
    vehicle_year: S.intN,
    fuel: S.strN,
    electric: S.bool,
    device_imei: S.strN,
    team_id: S.uuidN,
    team_name: S.strN,
    driver_name: S.strN,
  }),
  Person: obj({ ...person, vehicle_ids: S.opt(S.arr(S.uuid)) }),
  PersonListItem: obj({
    ...person,
    vehicle_ids: S.opt(S.arr(S.uuid)),
    role_name: S.str,
    role_key: S.str,
    team_name: S.strN,
    vehicle_registrations: { type: ["string", "null"], description: "comma-separated" },
  }),
};

const people = (area: "users" | "drivers") => {
  const perm = area === "users" ? "users" : "drivers";
  return {
    [`GET /api/${area}`]: {
      summary: `List ${area}`,
      permission: `${perm}:read`,
      query: listParams(),
      ok: { schema: page(S.ref("PersonListItem")) },
    },
    [`POST /api/${area}`]: {
      summary: `Add a ${area === "users" ? "user" : "driver"}`,
      permission: `${perm}:write`,
      body: personInputSchema,
      ok: { status: 201, schema: S.ref("Person") },
      errors: ["EMAIL_TAKEN", "CONFLICT"],
    },
    [`GET /api/${area}/:id`]: { summary: "One person", permission: `${perm}:read`, ok: { schema: S.ref("Person") } },
    [`PUT /api/${area}/:id`]: {
      summary: "Change a person",
      permission: `${perm}:write`,
      body: personInputSchema,
      ok: { schema: S.ref("Person") },
      errors: ["EMAIL_TAKEN", "LAST_ADMIN", "CONFLICT"],
    },
    [`DELETE /api/${area}/:id`]: {
      summary: "Remove a person",
      permission: `${perm}:delete`,
      errors: ["LAST_ADMIN", "CONFLICT"],
    },
  } as const;
};

/** The organisation, its settings, teams, vehicles, users and drivers, and the caller's profile. */
export const configurationApi: ApiFragment = {
  tag: "configuration",
  description:
    "The organisation and its settings, teams, vehicles (with images), users and drivers, and the signed-in user's own profile. Every list pages with page and size and searches with q.",
  schemas,
  paths: apiPaths("configuration", {
    "GET /api/organization": {
      summary: "The caller's organisation",
      permission: "organization:read",
      ok: { schema: S.ref("Organization") },
    },
    "PUT /api/organization": {
      summary: "Change the organisation's details",
      permission: "organization:write",
      body: organizationInputSchema,
      ok: { schema: S.ref("Organization") },
    },
    "GET /api/settings": {
      summary: "The organisation's settings",
      permission: "settings:read",
      ok: { schema: S.ref("Settings") },
    },
    "PUT /api/settings": {
      summary: "Change the organisation's settings",
      permission: "settings:write",
      body: settingsInputSchema,
      ok: { schema: S.ref("Settings") },
    },
    "GET /api/teams": {
      summary: "List teams",
      permission: "teams:read",
      query: listParams(),
      ok: { schema: page(S.ref("TeamListItem")) },
    },
    "POST /api/teams": {
      summary: "Add a team",
      permission: "teams:write",
      body: teamInputSchema,
      ok: { status: 201, schema: S.ref("Team") },
      errors: ["TEAM_NAME_TAKEN"],
    },
    "GET /api/teams/:id": { summary: "One team", permission: "teams:read", ok: { schema: S.ref("Team") } },
    "PUT /api/teams/:id": {
      summary: "Change a team",
      permission: "teams:write",
      body: teamInputSchema,
      ok: { schema: S.ref("Team") },
      errors: ["TEAM_NAME_TAKEN"],
    },
    "DELETE /api/teams/:id": {
      summary: "Remove a team that has no vehicles or members",
      permission: "teams:write",
      errors: ["TEAM_IN_USE"],
    },
    "GET /api/vehicles": {
      summary: "List vehicles",
      permission: "vehicles:read",
      query: [...listParams(), ...queryFromZod(vehicleFilterSchema)],
      ok: { schema: page(S.ref("VehicleListItem")) },
    },
    "POST /api/vehicles": {
      summary: "Add a vehicle",
      permission: "vehicles:write",
      body: vehicleInputSchema,
      ok: { status: 201, schema: S.ref("Vehicle") },
      errors: ["REGISTRATION_TAKEN", "DEVICE_TAKEN", "DEVICE_QUOTA_EXCEEDED"],
    },
    "GET /api/vehicles/:id": {
      summary: "One vehicle with its images",
      permission: "vehicles:read",
      ok: { schema: S.ref("VehicleDetails") },
    },
    "PUT /api/vehicles/:id": {
      summary: "Change a vehicle",
      permission: "vehicles:write",
      body: vehicleInputSchema,
      ok: { schema: S.ref("Vehicle") },
      errors: ["REGISTRATION_TAKEN", "DEVICE_TAKEN", "DEVICE_QUOTA_EXCEEDED"],
    },
    "DELETE /api/vehicles/:id": { summary: "Remove a vehicle", permission: "vehicles:delete" },
    "POST /api/vehicles/:id/images": {
      summary: "Add images (multipart/form-data, field images; JPEG, PNG or WebP)",
      permission: "vehicles:write",
      body: {
        type: "object",
        properties: { images: { type: "array", items: { type: "string", contentMediaType: "image/*" } } },
      },
      bodyContentType: "multipart/form-data",
      ok: { status: 201, schema: obj({ added: S.int }) },
      errors: ["MAX_IMAGES_EXCEEDED", "IMAGE_INVALID", "PAYLOAD_TOO_LARGE"],
    },
    "GET /api/vehicles/:id/images/:imageId": {
      summary: "One image's bytes",
      permission: "vehicles:read",
      ok: { schema: { type: "string", contentMediaType: "image/*" }, contentType: "image/*" },
    },
    "DELETE /api/vehicles/:id/images/:imageId": { summary: "Remove an image", permission: "vehicles:write" },
    ...people("users"),
    ...people("drivers"),
    "GET /api/profile": { summary: "The signed-in user", ok: { schema: S.ref("Person") } },
    "PUT /api/profile": {
      summary: "Change the signed-in user's name, phone and language",
      body: profileInputSchema,
      ok: { schema: S.ref("Person") },
    },
    "PUT /api/profile/password": {
      summary: "Change the signed-in user's password",
      body: passwordChangeSchema,
      errors: ["CURRENT_PASSWORD_WRONG", "PASSWORD_MISMATCH"],
    },
  }),
};
