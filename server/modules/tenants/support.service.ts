import type { AppContext } from "../../context";
import { AppError, notFound } from "../../errors";
import type { Principal } from "../access/principal";
import { audit } from "../audit";
import { authRepo, issueSession, type IssuedSession, type SessionMeta } from "../auth";
import { getTenant } from "./tenants.service";
import { tenantsRepo } from "./tenants.repo";

/**
 * Support sign-in: an installation administrator becomes the organisation's first active administrator.
 * The new session hangs off the administrator's own session (it ends with it, and never outlives it);
 * the start is written to the audit logs of both organisations.
 */
export async function startSupportSession(
  ctx: AppContext,
  p: Principal,
  orgId: string,
  meta: SessionMeta,
): Promise<IssuedSession & { orgId: string }> {
  const tenant = await getTenant(ctx, p, orgId);
  if (tenant.operator)
    throw new AppError("OPERATOR_ORGANIZATION", "You are already signed in to the operator organisation");
  if (tenant.status !== "active") throw new AppError("ORGANIZATION_SUSPENDED", "The organisation is suspended");
  const admin = await tenantsRepo.firstActiveAdministrator(ctx.db, orgId);
  if (!admin) throw notFound("administrator");
  const issued = await issueSession(ctx, admin, "web", meta, {
    webLogin: true,
    support: { userId: p.userId, parentSessionId: p.sessionId, parentExpiresAt: p.expiresAt },
  });
  const entry = {
    entity: "support_session" as const,
    id: issued.sessionId,
    action: "start" as const,
    after: {
      organization_id: orgId,
      organization_name: tenant.name,
      signed_in_as: { id: admin.id, name: `${admin.first_name} ${admin.last_name}`, email: admin.email },
      expires_at: issued.expiresAt,
    },
  };
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await audit.record(trx, p, entry);
      await audit.record(trx, p, { ...entry, orgId });
    });
  } catch (err) {
    // No unrecorded support session: without its audit rows it is withdrawn.
    await authRepo.deleteSession(ctx.db, issued.sessionId);
    throw err;
  }
  return { ...issued, orgId };
}

/** Ends the support session the principal is in (the way back to the administrator's own session). */
export async function endSupportSession(ctx: AppContext, p: Principal): Promise<void> {
  if (!p.support) throw new AppError("FORBIDDEN", "This is not a support session");
  await ctx.db.transaction().execute(async (trx) => {
    await authRepo.deleteSession(trx, p.sessionId);
    await audit.record(trx, p, { entity: "support_session", id: p.sessionId, action: "end" });
  });
}
