import type { AppContext } from "../../context";
import type { Principal } from "../access/principal";
import { bookingsRepo } from "./bookings.repo";
import { carSharingPolicy } from "./car-sharing.policy";

/** The people a booking form offers (user for an operator, passengers for everyone): active people of the organisation. */
export async function listPeopleOptions(ctx: AppContext, p: Principal) {
  carSharingPolicy.read(p);
  const rows = await bookingsRepo.activePeople(ctx.db, p.orgId);
  return rows.map((r) => ({ id: r.id, name: `${r.first_name} ${r.last_name}`.trim() }));
}
