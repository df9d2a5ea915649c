import type { UserRow } from "../../db/schema";
import { iso } from "../shared/mapping";

type PublicUser = Omit<UserRow, "password_hash" | "created_at" | "updated_at" | "nav_collapsed">;

/** A person (user or driver) as the API answers: no org_id, no password hash, ISO dates. */
export function toPersonDto(u: PublicUser & { vehicle_ids?: string[] }) {
  return {
    id: u.id,
    email: u.email,
    first_name: u.first_name,
    middle_name: u.middle_name,
    last_name: u.last_name,
    birthday: u.birthday,
    personal_number: u.personal_number,
    phone: u.phone,
    role_id: u.role_id,
    team_id: u.team_id,
    is_driver: u.is_driver,
    web_only: u.web_only,
    vehicle_access: u.vehicle_access,
    default_language: u.default_language,
    active: u.active,
    last_login_at: iso(u.last_login_at),
    ...(u.vehicle_ids ? { vehicle_ids: u.vehicle_ids } : {}),
  };
}

/** A row of the people list, with role, team and the registrations of the vehicles they drive. */
export function toPersonListItemDto(
  u: PublicUser & {
    role_name: string;
    role_key: string;
    team_name: string | null;
    vehicle_registrations: string | null;
  },
) {
  return {
    ...toPersonDto(u),
    role_name: u.role_name,
    role_key: u.role_key,
    team_name: u.team_name,
    vehicle_registrations: u.vehicle_registrations,
  };
}
