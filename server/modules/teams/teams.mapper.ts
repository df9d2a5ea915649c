import type { Team } from "../../db/schema";
import { iso } from "../shared/mapping";

export function toTeamDto(t: Team) {
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    created_at: iso(t.created_at),
    updated_at: iso(t.updated_at),
  };
}

export function toTeamListItemDto(
  t: Pick<Team, "id" | "name" | "description" | "updated_at"> & {
    vehicle_count: number | string | null;
    member_count: number | string | null;
  },
) {
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    updated_at: iso(t.updated_at),
    vehicle_count: Number(t.vehicle_count ?? 0),
    member_count: Number(t.member_count ?? 0),
  };
}
