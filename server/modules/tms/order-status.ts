import { AppError } from "../../errors";
import type { OrderStatus } from "./tms.schema";

/**
 * The order's life (spec section 4): PENDING → STARTED when its plan is dispatched (the truck is on its way),
 * STARTED → FINISHED when it is delivered (driver app, API, planner, or a stop at the customer's place).
 * Nothing goes back and nothing skips a step; FINISHED is final.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  PENDING: ["STARTED"],
  STARTED: ["FINISHED"],
  FINISHED: [],
};

export const canMove = (from: OrderStatus, to: OrderStatus) => ORDER_TRANSITIONS[from].includes(to);

export function assertTransition(from: OrderStatus, to: OrderStatus): void {
  if (!canMove(from, to))
    throw new AppError("ORDER_TRANSITION_INVALID", `An order cannot go from ${from} to ${to}`, { from, to });
}

/** Fields, plan and deletion can change only while the order waits. */
export function assertPending(status: OrderStatus): void {
  if (status !== "PENDING") throw new AppError("ORDER_NOT_PENDING", `The order is ${status}`, { status });
}
