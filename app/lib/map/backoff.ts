/** Reconnect delay: doubles from 1 s up to 30 s, with up to 20 % jitter so clients do not reconnect in lockstep. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
  return Math.round(base * (1 - 0.2 * random()));
}

/** The spec's subscription parameter: prefix, user id and epoch seconds. */
export const subscriptionParam = (prefix: "markers" | "list" | "tms", userId: string, nowMs: number = Date.now()) =>
  `${prefix}-${userId}-${Math.floor(nowMs / 1000)}`;
