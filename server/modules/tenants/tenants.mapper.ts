import type { OrganizationStatus } from "../../db/schema/admin";

interface TenantRow {
  id: string;
  name: string;
  country: string | null;
  status: OrganizationStatus;
  status_changed_at: Date | string | null;
  device_quota: number | null;
  is_operator: boolean;
  created_at: Date | string;
  vehicles: string | number | null;
  devices: string | number | null;
  users: string | number | null;
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** An organisation as the administration area shows it: usage against the device quota, ISO dates. */
export function toTenantDto(r: TenantRow) {
  const devices = Number(r.devices ?? 0);
  return {
    id: r.id,
    name: r.name,
    country: r.country,
    status: r.status,
    status_changed_at: iso(r.status_changed_at),
    operator: r.is_operator,
    created_at: iso(r.created_at)!,
    counts: { vehicles: Number(r.vehicles ?? 0), devices, users: Number(r.users ?? 0) },
    device_quota: r.device_quota,
    quota_reached: r.device_quota !== null && devices >= r.device_quota,
  };
}
export type TenantDto = ReturnType<typeof toTenantDto>;

interface AdministratorRow {
  id: string;
  email: string | null;
  first_name: string;
  last_name: string;
  default_language: "al" | "en";
  active: boolean;
  last_login_at: Date | string | null;
}

export function toAdministratorDto(r: AdministratorRow) {
  return {
    id: r.id,
    email: r.email,
    name: `${r.first_name} ${r.last_name}`.trim(),
    language: r.default_language,
    active: r.active,
    last_login_at: iso(r.last_login_at),
  };
}
