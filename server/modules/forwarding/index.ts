/** The forwarding module's public surface. */
export { createForwarder, type Forwarder } from "./forwarder";
export {
  createForwardingTarget,
  deleteForwardingTarget,
  getForwardingTarget,
  listForwardingTargets,
  updateForwardingTarget,
} from "./forwarding.service";
export { toForwardingTargetDto, type ForwardingTargetDto } from "./forwarding.mapper";
export { forwardingTargetInputSchema, FORWARDING_KINDS, type ForwardingKind } from "./forwarding.schema";
