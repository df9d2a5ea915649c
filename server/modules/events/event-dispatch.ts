import type { Kysely } from "kysely";
import type { AppContext } from "../../context";
import type { Database } from "../../db/schema";
import type { AnyEventType } from "../../shared/event-types";
import type { EventsPort } from "../../shared/ports";
import { eventsRepo, type StoredEvent } from "./events.repo";

/**
 * One reader of the outbox: webhooks, the alert e-mails and live notices, the reminder e-mails. Every event is
 * handed to every reader that wants its type, once, when it is dispatched.
 */
export interface EventReader {
  name: string;
  types: readonly AnyEventType[];
  /** durable work in the dispatch's transaction (rows, idempotent job ids): a failure leaves the events undispatched */
  inTransaction?(ctx: AppContext, trx: Kysely<Database>, events: readonly StoredEvent[]): Promise<void>;
  /** best-effort work after the commit (live notices, job enqueues a sweep repeats); a failure is logged */
  afterCommit?(ctx: AppContext, events: readonly StoredEvent[]): Promise<void>;
}

export interface DispatchOptions {
  /** these events, and every older undispatched event of their organisations (so a webhook sees them in order) */
  ids?: readonly string[];
  /** every undispatched event of these organisations (after a web or API request that changed something) */
  orgIds?: readonly string[];
  /** the sweep: only events older than this, which their own process has not dispatched */
  olderThanMs?: number;
  batch?: number;
}

/**
 * Dispatches undispatched outbox events to the readers: claimed with SKIP LOCKED (another process dispatching at
 * the same time takes others), handed to each reader's `inTransaction` and marked dispatched in one transaction,
 * then to each reader's `afterCommit`. Returns how many events were dispatched.
 */
export async function dispatchOutbox(
  ctx: AppContext,
  readers: readonly EventReader[],
  opts: DispatchOptions = {},
): Promise<number> {
  const batch = opts.batch ?? 500;
  let total = 0;
  for (;;) {
    const claimed = await ctx.db.transaction().execute(async (trx) => {
      const events = await eventsRepo.claim(trx, batch, {
        ids: opts.ids,
        orgIds: opts.orgIds,
        olderThanMs: opts.olderThanMs,
      });
      for (const r of readers) {
        const mine = events.filter((e) => r.types.includes(e.type as AnyEventType));
        if (mine.length && r.inTransaction) await r.inTransaction(ctx, trx, mine);
      }
      await eventsRepo.markDispatched(
        trx,
        events.map((e) => e.id),
      );
      return events;
    });
    total += claimed.length;
    await Promise.all(
      readers.map(async (r) => {
        const mine = claimed.filter((e) => r.types.includes(e.type as AnyEventType));
        if (!mine.length || !r.afterCommit) return;
        await r
          .afterCommit(ctx, mine)
          .catch((err) => ctx.log.warn({ err, reader: r.name, events: mine.length }, "an event reader failed"));
      }),
    );
    if (claimed.length < batch) return total;
  }
}

/**
 * How long an event may wait for the process that wrote it before the worker's sweep takes it. Alerts and reminders
 * are dispatched by their process at once; the other events (orders, bookings, route jobs, video) wait for the
 * sweep, so this is also their latency to a webhook (at most this plus the sweep's 5 s).
 */
export const SWEEP_GRACE_MS = 5_000;

/**
 * The process's port: the events a change has just committed are dispatched by the process that made them, at
 * once (a toast, an e-mail, a webhook within moments). A failure is logged and left to the worker's sweep, which
 * takes events written more than SWEEP_GRACE_MS ago (a process that died between its commit and its dispatch).
 */
export function createEventsPort(ctx: AppContext, readers: readonly EventReader[]): EventsPort {
  return {
    async dispatch(ids) {
      if (!ids.length) return;
      await dispatchOutbox(ctx, readers, { ids }).catch((err) =>
        ctx.log.warn({ err, events: ids.length }, "dispatching events failed; the sweep will"),
      );
    },
    async dispatchOrgs(orgIds) {
      if (!orgIds.length) return;
      await dispatchOutbox(ctx, readers, { orgIds }).catch((err) =>
        ctx.log.warn({ err, orgs: orgIds.length }, "dispatching events failed; the sweep will"),
      );
    },
    sweep: () => dispatchOutbox(ctx, readers, { olderThanMs: SWEEP_GRACE_MS }),
  };
}

/** After a transaction that emitted events: hands them to the process's readers (no port: the sweep will). */
export async function dispatchCommitted(ctx: AppContext, ids: readonly (string | null | undefined)[]): Promise<void> {
  const list = ids.filter((id): id is string => Boolean(id));
  if (list.length) await ctx.events?.dispatch(list);
}
