import * as m from "./registry";

/** What modules report; each call is a label lookup and an addition, nothing allocated per position. */
export const metrics = {
  httpRequest(method: string, route: string, status: number, seconds: number) {
    m.httpRequests.inc({ method, route, status: String(status) });
    m.httpDuration.observe({ method, route }, seconds);
  },
  positionsReceived(protocol: string, n: number) {
    m.positionsReceived.inc({ protocol }, n);
  },
  /** committed (and about to be acknowledged) `n` positions that arrived `seconds` ago */
  positionsStored(protocol: string, n: number, seconds: number) {
    if (n > 0) m.positionsStored.inc({ protocol }, n);
    m.ackLatency.observe({ protocol }, seconds);
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
};

export const metricsContentType = () => m.registry.contentType;
export const renderMetrics = () => m.registry.metrics();
