import * as m from "./registry";

/** The device path's metrics per protocol, looked up once: a packet then costs two additions and one observation. */
const perProtocol = new Map<
  string,
  {
    received: ReturnType<typeof m.positionsReceived.labels>;
    stored: ReturnType<typeof m.positionsStored.labels>;
    ack: ReturnType<typeof m.ackLatency.labels>;
  }
>();
function protocolMetrics(protocol: string) {
  let p = perProtocol.get(protocol);
  if (!p) {
    p = {
      received: m.positionsReceived.labels(protocol),
      stored: m.positionsStored.labels(protocol),
      ack: m.ackLatency.labels(protocol),
    };
    perProtocol.set(protocol, p);
  }
  return p;
}

/** What modules report: small functions, so no module imports prom-client. */
export const metrics = {
  httpRequest(method: string, route: string, status: number, seconds: number) {
    m.httpRequests.inc({ method, route, status: String(status) });
    m.httpDuration.observe({ method, route }, seconds);
  },
  positionsReceived(protocol: string, n: number) {
    protocolMetrics(protocol).received.inc(n);
  },
  /** committed (and about to be acknowledged) `n` positions that arrived `seconds` ago */
  positionsStored(protocol: string, n: number, seconds: number) {
    const p = protocolMetrics(protocol);
    if (n > 0) p.stored.inc(n);
    p.ack.observe(seconds);
  },
  jobFinished(queue: string, ok: boolean) {
    (ok ? m.jobsCompleted : m.jobFailures).inc({ queue });
  },
  reportRun(status: string) {
    m.reportRuns.inc({ status });
  },
  email(result: "sent" | "failed" | "logged") {
    m.emails.inc({ result });
  },
  forwardingSent(kind: string, n: number) {
    m.forwardingSent.inc({ kind }, n);
  },
  forwardingDropped(kind: string, n: number) {
    m.forwardingDropped.inc({ kind }, n);
  },
  forwardingFailedBatch(kind: string) {
    m.forwardingFailedBatches.inc({ kind });
  },
};

type Unregister = () => void;

function add<T>(set: Set<T>, source: T): Unregister {
  set.add(source);
  return () => {
    set.delete(source);
  };
}

/** Pull-style values, read when /metrics is scraped; each returns the function that removes it again. */
export const metricSources = {
  pool: (read: () => { total: number; idle: number; waiting: number }) => add(m.sources.pools, read),
  devices: (read: () => Record<string, number>) => add(m.sources.devices, read),
  websockets: (read: () => number) => add(m.sources.websockets, read),
  queues: (read: () => Promise<Record<string, Record<string, number>>>) => add(m.sources.queues, read),
  /** positions waiting to be forwarded, by target kind */
  forwarding: (read: () => Record<string, number>) => add(m.sources.forwarding, read),
};

export const metricsContentType = () => m.registry.contentType;
export const renderMetrics = () => m.registry.metrics();
