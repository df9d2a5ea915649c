import { z } from "zod";

export const immobilizationRequestSchema = z.object({
  vehicleId: z.string().min(1),
  action: z.enum(["block", "unblock"]),
});
export type ImmobilizationRequest = z.infer<typeof immobilizationRequestSchema>;

export const immobilizationHistorySchema = z.object({
  vehicleId: z.string().optional(),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  size: z.coerce.number().int().min(5).max(200).catch(20).default(20),
});

export type CommandStatus = "Pending" | "Blocked" | "Unblocked" | "Failed";

/** Reasons recorded with a Failed command. */
export const FAILURE_REASONS = {
  offline: "device offline",
  timeout: "no answer in time",
} as const;

/** Protocols whose gateway can drive the immobiliser relay (the registry's `commands`, server/shared/protocols.ts). */
export { COMMAND_PROTOCOLS, type CommandProtocolName as CommandProtocol } from "../../shared/protocols";
