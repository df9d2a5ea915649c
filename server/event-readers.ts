import type { AppContext } from "./context";
import { alertsEventReader } from "./modules/alerts";
import { createEventsPort, type EventReader } from "./modules/events";
import { maintenanceEventReader } from "./modules/maintenance";
import { webhooksEventReader } from "./modules/webhooks";

/**
 * Every reader of the outbox (server/modules/events): each module that acts on events offers its reader, and
 * every process gets them all on its `events` port, so an event is read the same way wherever it was written.
 */
export const EVENT_READERS: readonly EventReader[] = [webhooksEventReader, alertsEventReader, maintenanceEventReader];

/** Gives the process's context its `events` port with every reader. */
export function attachEventReaders<C extends AppContext>(ctx: C): C {
  ctx.events = createEventsPort(ctx, EVENT_READERS);
  return ctx;
}
