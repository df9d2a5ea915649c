import { randomBytes } from "node:crypto";
import type { AppContext } from "../../context";
import { AppError, notFound } from "../../errors";
import { checkOutboundUrl } from "../../shared/outbound-url";
import type { Principal } from "../access/principal";
import { audit } from "../audit";
import { toForwardingTargetDto, type ForwardingTargetDto } from "./forwarding.mapper";
import { forwardingPolicy } from "./forwarding.policy";
import { forwardingRepo, type ForwardingTargetRow, type TargetValues } from "./forwarding.repo";
import type { ForwardingTargetInput } from "./forwarding.schema";

const nameTaken = () =>
  new AppError("FORWARDING_NAME_TAKEN", "A forwarding target with this name exists", { field: "name" });

function mapNameTaken(err: unknown): never {
  const e = err as { code?: string; constraint?: string };
  if (e?.code === "23505" && e.constraint === "forwarding_targets_org_name") throw nameTaken();
  throw err;
}

/** The address must resolve and, unless the installation allows it, not lead into a private network. */
async function assertReachable(ctx: AppContext, url: string): Promise<void> {
  const check = await checkOutboundUrl(url, { allowPrivate: ctx.config.OUTBOUND_ALLOW_PRIVATE });
  if (check.ok) return;
  if (check.reason === "private")
    throw new AppError("OUTBOUND_URL_PRIVATE", "The address is in a private network", { field: "url" });
  throw new AppError("OUTBOUND_URL_UNRESOLVED", "The address's host cannot be found", { field: "url" });
}

function values(input: ForwardingTargetInput, secret: string): TargetValues {
  return {
    name: input.name,
    kind: input.kind,
    url: input.url,
    topic: input.kind === "mqtt" ? (input.topic ?? null) : null,
    secret,
    active: input.active,
  };
}

export async function listForwardingTargets(ctx: AppContext, p: Principal): Promise<ForwardingTargetDto[]> {
  forwardingPolicy.manage(p);
  return (await forwardingRepo.list(ctx.db, p.orgId)).map(toForwardingTargetDto);
}

export async function getForwardingTarget(ctx: AppContext, p: Principal, id: string): Promise<ForwardingTargetDto> {
  return toForwardingTargetDto(await findTarget(ctx, p, id));
}

async function findTarget(ctx: AppContext, p: Principal, id: string): Promise<ForwardingTargetRow> {
  forwardingPolicy.manage(p);
  const target = await forwardingRepo.find(ctx.db, p.orgId, id);
  if (!target) throw notFound("forwarding target");
  return target;
}

export async function createForwardingTarget(ctx: AppContext, p: Principal, input: ForwardingTargetInput) {
  forwardingPolicy.manage(p);
  if (await forwardingRepo.nameExists(ctx.db, p.orgId, input.name)) throw nameTaken();
  await assertReachable(ctx, input.url);
  const secret = input.secret ?? randomBytes(24).toString("hex");
  return ctx.db
    .transaction()
    .execute(async (trx) => {
      const target = await forwardingRepo.insert(trx, p.orgId, values(input, secret));
      await audit.record(trx, p, { entity: "forwarding_target", id: target.id, action: "create", after: target });
      return toForwardingTargetDto(target);
    })
    .catch(mapNameTaken);
}

export async function updateForwardingTarget(ctx: AppContext, p: Principal, id: string, input: ForwardingTargetInput) {
  const before = await findTarget(ctx, p, id);
  if (await forwardingRepo.nameExists(ctx.db, p.orgId, input.name, id)) throw nameTaken();
  if (input.url !== before.url || !before.active) await assertReachable(ctx, input.url);
  return ctx.db
    .transaction()
    .execute(async (trx) => {
      const target = await forwardingRepo.update(trx, p.orgId, id, values(input, input.secret ?? before.secret));
      if (!target) throw notFound("forwarding target");
      await audit.record(trx, p, { entity: "forwarding_target", id, action: "update", before, after: target });
      return toForwardingTargetDto(target);
    })
    .catch(mapNameTaken);
}

export async function deleteForwardingTarget(ctx: AppContext, p: Principal, id: string): Promise<void> {
  const before = await findTarget(ctx, p, id);
  await ctx.db.transaction().execute(async (trx) => {
    await forwardingRepo.delete(trx, p.orgId, id);
    await audit.record(trx, p, { entity: "forwarding_target", id, action: "delete", before });
  });
}
