import type { AppContext } from "../../context";
import { AppError, notFound } from "../../errors";
import type { CommandResult, DeviceCommand } from "../../shared/device-contract";
import type { Principal } from "../access/principal";
import { audit } from "../audit";
import { emitEvent } from "../events";
import { assertUuid } from "../positions";
import { toPage } from "../shared/listing";
import { mapPage } from "../shared/mapping";
import { toCommandDto, toHistoryItemDto } from "./immobilization.mapper";
import { immobilizationPolicy } from "./immobilization.policy";
import { immobilizationRepo } from "./immobilization.repo";
import {
  COMMAND_PROTOCOLS,
  FAILURE_REASONS,
  type CommandProtocol,
  type ImmobilizationRequest,
} from "./immobilization.schema";

function failureReason(result: CommandResult): string {
  const e = result.error ?? "";
  if (/not connected|disconnected/i.test(e)) return FAILURE_REASONS.offline;
  if (/timeout/i.test(e)) return FAILURE_REASONS.timeout;
  return e || "command failed";
}

/**
 * Blocks or unblocks a vehicle's engine (immobilization:command). The command is recorded as Pending,
 * sent through ctx.commands to the gateway the device is connected to, in this process or another
 * (see command-relay.ts), then recorded as Blocked/Unblocked on the
 * device's answer or Failed with the reason ("device offline", "no answer in time").
 */
export async function requestImmobilization(
  ctx: AppContext,
  p: Principal,
  input: ImmobilizationRequest,
  opts: { timeoutMs?: number } = {},
) {
  immobilizationPolicy.command(p);
  assertUuid(input.vehicleId);
  const v = await immobilizationRepo.findVehicle(ctx.db, p, input.vehicleId);
  if (!v) throw notFound("vehicle");
  const protocol = v.device_protocol as CommandProtocol | null;
  if (!v.device_imei || !protocol || !COMMAND_PROTOCOLS.includes(protocol)) {
    throw new AppError("COMMAND_UNSUPPORTED", "This vehicle's device cannot be immobilised remotely");
  }
  const pending = await ctx.db.transaction().execute(async (trx) => {
    const row = await immobilizationRepo.insertPending(trx, {
      org_id: p.orgId,
      vehicle_id: v.id,
      device_id: v.device_imei!,
      action: input.action,
      requested_by: p.userId,
    });
    await audit.record(trx, p, {
      entity: "immobilization",
      id: row.id,
      action: input.action,
      after: {
        command_id: row.id,
        vehicle_id: v.id,
        registration: v.registration,
        device_id: row.device_id,
        action: row.action,
        status: row.status,
      },
    });
    return row;
  });
  const sender = ctx.commands;
  const command: DeviceCommand = { type: input.action === "block" ? "engineStop" : "engineResume" };
  const timeoutMs = opts.timeoutMs ?? ctx.config.IMMOBILIZATION_TIMEOUT_MS;
  let result: CommandResult;
  try {
    result = sender
      ? await sender.send(protocol, v.device_imei, command, timeoutMs)
      : { ok: false, error: "device not connected" };
  } catch (err) {
    result = { ok: false, error: (err as Error).message };
  }
  const done = await ctx.db.transaction().execute(async (trx) => {
    const row = await immobilizationRepo.finish(
      trx,
      pending.id,
      result.ok
        ? { status: input.action === "block" ? "Blocked" : "Unblocked", response: result.response ?? null, error: null }
        : { status: "Failed", response: null, error: failureReason(result) },
    );
    await emitEvent(trx, {
      type: "vehicle.immobilization.changed",
      organizationId: p.orgId,
      occurredAt: row.answered_at ?? new Date(),
      data: {
        command_id: row.id,
        vehicle_id: v.id,
        vehicle_registration: v.registration,
        action: row.action,
        status: row.status,
        error: row.error,
        requested_by: p.userId,
      },
    });
    return row;
  });
  ctx.log.info(
    { vehicleId: v.id, action: input.action, status: done.status, error: done.error },
    "immobilisation command",
  );
  return toCommandDto({
    id: done.id,
    vehicleId: done.vehicle_id,
    registration: v.registration,
    action: done.action,
    status: done.status,
    createdAt: done.created_at,
    answeredAt: done.answered_at,
    response: done.response,
    error: done.error,
    errorCode: done.status === "Failed" && done.error === FAILURE_REASONS.offline ? ("DEVICE_OFFLINE" as const) : null,
  });
}

/** Immobilisation history (immobilization:read) of the vehicles the user may see, with who asked. */
export async function listImmobilizationHistory(
  ctx: AppContext,
  p: Principal,
  opts: { vehicleId?: string; page?: number; size?: number } = {},
) {
  immobilizationPolicy.read(p);
  if (opts.vehicleId) assertUuid(opts.vehicleId);
  const q = { page: opts.page ?? 1, size: opts.size ?? 20 };
  const { items, total } = await immobilizationRepo.history(ctx.db, p, { vehicleId: opts.vehicleId, ...q });
  return mapPage(toPage(items, total, { ...q, q: "", dir: "asc" }), toHistoryItemDto);
}
