import { iso } from "../shared/mapping";

interface CommandView {
  id: string;
  vehicleId: string;
  registration: string;
  action: "block" | "unblock";
  status: string;
  createdAt: Date;
  answeredAt: Date | null;
  response: string | null;
  error: string | null;
}

/** A block/unblock command's outcome (POST /api/immobilization), dates as ISO strings. */
export function toCommandDto(c: CommandView & { errorCode: "DEVICE_OFFLINE" | null }) {
  return { ...toHistoryBase(c), errorCode: c.errorCode };
}

/** One line of the history, with who asked. */
export function toHistoryItemDto(c: CommandView & { requestedBy: string | null; requestedById: string | null }) {
  return { ...toHistoryBase(c), requestedBy: c.requestedBy, requestedById: c.requestedById };
}

function toHistoryBase(c: CommandView) {
  return {
    id: c.id,
    vehicleId: c.vehicleId,
    registration: c.registration,
    action: c.action,
    status: c.status,
    createdAt: iso(c.createdAt),
    answeredAt: iso(c.answeredAt),
    response: c.response,
    error: c.error,
  };
}
