import type { AppContext } from "../../context";
import type { DB } from "../../db/database";
import { AppError, notFound } from "../../errors";
import { hashPassword } from "../../security/passwords";
import type { Principal } from "../access/principal";
import { rolesRepo } from "../access/roles.repo";
import { audit } from "../audit";
import { authRepo } from "../auth";
import { organizationRepo } from "../organization";
import { requestPasswordReset } from "../password-reset";
import { positionsRepo } from "../positions";
import { pickSort, toPage, type ListQuery } from "../shared/listing";
import { usersRepo } from "../users";
import { toAdministratorDto, toTenantDto, type TenantDto } from "./tenants.mapper";
import { tenantsPolicy } from "./tenants.policy";
import { tenantsRepo, type TenantSort } from "./tenants.repo";
import type { TenantCreateInput, TenantUpdateInput } from "./tenants.schema";

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

export async function listTenants(ctx: AppContext, p: Principal, q: ListQuery) {
  tenantsPolicy.admin(p);
  const sort = pickSort<TenantSort>(q.sort, ["name", "created", "status", "vehicles", "users"], "name");
  const { items, total } = await tenantsRepo.list(ctx.db, q, sort);
  return toPage(items.map(toTenantDto), total, q);
}

async function findTenant(db: DB, id: string): Promise<TenantDto> {
  const row = isUuid(id) ? await tenantsRepo.find(db, id) : undefined;
  if (!row) throw notFound("organization");
  return toTenantDto(row);
}

export async function getTenant(ctx: AppContext, p: Principal, id: string) {
  tenantsPolicy.admin(p);
  const tenant = await findTenant(ctx.db, id);
  const administrators = (await tenantsRepo.administrators(ctx.db, id)).map(toAdministratorDto);
  return { ...tenant, administrators };
}

/**
 * A new organisation with the system roles, default settings and its first administrator, in one transaction.
 * With password_mode "email" the administrator gets the password-reset e-mail (a link to set a password).
 */
export async function createTenant(ctx: AppContext, p: Principal, input: TenantCreateInput, opts: { baseUrl: string }) {
  tenantsPolicy.admin(p);
  if (await usersRepo.emailTaken(ctx.db, input.admin_email)) {
    throw new AppError("EMAIL_TAKEN", "This e-mail is used by another account", { field: "admin_email" });
  }
  const passwordHash =
    input.password_mode === "password" && input.admin_password ? await hashPassword(input.admin_password) : null;
  const created = await ctx.db
    .transaction()
    .execute(async (trx) => {
      const org = await organizationRepo.create(trx, {
        name: input.name,
        country: input.country ?? null,
        device_quota: input.device_quota ?? null,
      });
      await organizationRepo.insertDefaultSettings(trx, org.id);
      const roles = await rolesRepo.insertSystemRoles(trx, org.id);
      const admin = await usersRepo.insertAdministrator(trx, {
        org_id: org.id,
        role_id: roles.administrator,
        email: input.admin_email,
        password_hash: passwordHash,
        first_name: input.admin_first_name,
        last_name: input.admin_last_name,
        default_language: input.admin_language,
      });
      await audit.record(trx, p, {
        entity: "tenant",
        id: org.id,
        action: "create",
        after: {
          name: org.name,
          country: org.country,
          device_quota: org.device_quota,
          administrator: admin,
          password_mode: input.password_mode,
        },
      });
      return { org, admin };
    })
    .catch((err: { code?: string; constraint?: string }) => {
      if (err?.code === "23505" && err.constraint === "users_email")
        throw new AppError("EMAIL_TAKEN", "This e-mail is used by another account", { field: "admin_email" });
      throw err;
    });
  if (input.password_mode === "email")
    await requestPasswordReset(ctx, input.admin_email, opts.baseUrl, { purpose: "welcome" });
  return {
    ...(await findTenant(ctx.db, created.org.id)),
    administrators: [toAdministratorDto({ ...created.admin, active: true, last_login_at: null })],
  };
}

export async function updateTenant(ctx: AppContext, p: Principal, id: string, input: TenantUpdateInput) {
  tenantsPolicy.admin(p);
  const before = await findTenant(ctx.db, id);
  const values = { name: input.name, country: input.country ?? null, device_quota: input.device_quota ?? null };
  await ctx.db.transaction().execute(async (trx) => {
    await organizationRepo.updateTenancy(trx, id, values);
    await audit.record(trx, p, {
      entity: "tenant",
      id,
      action: before.device_quota !== values.device_quota && before.name === values.name ? "set_quota" : "update",
      before: { name: before.name, country: before.country, device_quota: before.device_quota },
      after: values,
    });
  });
  return findTenant(ctx.db, id);
}

function assertNotOperator(t: TenantDto) {
  if (t.operator)
    throw new AppError(
      "OPERATOR_ORGANIZATION",
      "The organisation that runs the installation cannot be suspended, deleted or supported",
    );
}

/** Suspending ends every session of the organisation at once; nobody of it signs in until it is reactivated. */
export async function setTenantStatus(ctx: AppContext, p: Principal, id: string, status: "active" | "suspended") {
  tenantsPolicy.admin(p);
  const before = await findTenant(ctx.db, id);
  assertNotOperator(before);
  if (before.status === status) return before;
  await ctx.db.transaction().execute(async (trx) => {
    await organizationRepo.setStatus(trx, id, status);
    if (status === "suspended") await authRepo.deleteOrgSessions(trx, id);
    await audit.record(trx, p, {
      entity: "tenant",
      id,
      action: status === "suspended" ? "suspend" : "reactivate",
      before: { name: before.name, status: before.status },
      after: { name: before.name, status },
    });
  });
  return findTenant(ctx.db, id);
}

/**
 * Deletes an organisation and everything it holds, for good (docs/administration.md: hard delete). It must be
 * suspended first, and `confirmation` must repeat its name. The operator organisation's audit log keeps the record.
 */
export async function deleteTenant(ctx: AppContext, p: Principal, id: string, confirmation: string) {
  tenantsPolicy.admin(p);
  const before = await findTenant(ctx.db, id);
  assertNotOperator(before);
  if (before.status !== "suspended")
    throw new AppError("ORGANIZATION_ACTIVE", "Suspend the organisation before deleting it");
  if (confirmation.trim() !== before.name.trim()) {
    throw new AppError("CONFIRMATION_MISMATCH", "Type the organisation's name to confirm", { field: "confirmation" });
  }
  const vehicles = await tenantsRepo.deviceIdentifiers(ctx.db, id);
  await ctx.db.transaction().execute(async (trx) => {
    await positionsRepo.deleteForVehicles(
      trx,
      vehicles.map((v) => v.id),
    );
    await organizationRepo.delete(trx, id);
    await audit.record(trx, p, { entity: "tenant", id, action: "delete", before });
  });
  // Gateways of this process stop taking the freed identifiers at once (others within the registry's TTL).
  for (const v of vehicles) if (v.device_imei) ctx.devices?.invalidate(v.device_imei);
}
