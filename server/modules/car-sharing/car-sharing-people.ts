import type { AppContext } from "../../context";
import type { Principal } from "../access/principal";
import { carSharingPolicy } from "./car-sharing.policy";

/** The people a booking form offers (user for an operator, passengers for everyone): active people of the organisation. */
export async function listPeopleOptions(ctx: AppContext, p: Principal) {
  carSharingPolicy.read(p);
  const rows = await ctx.db
    .selectFrom("users")
    .select(["id", "first_name", "last_name"])
    .where("org_id", "=", p.orgId)
    .where("active", "=", true)
    .orderBy("last_name")
    .orderBy("first_name")
    .execute();
  return rows.map((r) => ({ id: r.id, name: `${r.first_name} ${r.last_name}`.trim() }));
}
