export {
  EVENT_TYPES,
  EVENT_VERSION,
  TEST_EVENT,
  isEventType,
  type AnyEventType,
  type EventEnvelope,
  type EventType,
} from "../../shared/event-types";
export { emitEvent, emitEvents, toEnvelope, type NewEvent } from "./events";
export { eventsRepo, type StoredEvent } from "./events.repo";
export {
  createEventsPort,
  dispatchCommitted,
  dispatchOutbox,
  SWEEP_GRACE_MS,
  type DispatchOptions,
  type EventReader,
} from "./event-dispatch";
export { eventsJobs } from "./events.jobs";
