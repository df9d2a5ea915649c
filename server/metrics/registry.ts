import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/**
 * The process's one Prometheus registry (docs/operations.md lists every metric). Modules never import
 * prom-client: they report through the functions in ./index.ts, and pull-style values (pools, queues,
 * connections) are read from the sources registered there when /metrics is scraped.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: "flota_" });

export const sources = {
  pools: new Set<() => { total: number; idle: number; waiting: number }>(),
  devices: new Set<() => Record<string, number>>(),
  websockets: new Set<() => number>(),
  queues: new Set<() => Promise<Record<string, Record<string, number>>>>(),
  forwarding: new Set<() => Record<string, number>>(),
};

const register = [registry];

export const httpRequests = new Counter({
  name: "flota_http_requests_total",
  help: "HTTP requests answered, by method, route pattern and status code",
  labelNames: ["method", "route", "status"] as const,
  registers: register,
});

export const httpDuration = new Histogram({
  name: "flota_http_request_duration_seconds",
  help: "Time to answer an HTTP request, by method and route pattern",
  labelNames: ["method", "route"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: register,
});

export const positionsReceived = new Counter({
  name: "flota_positions_received_total",
  help: "Positions received from devices, by protocol (before validation)",
  labelNames: ["protocol"] as const,
  registers: register,
});

export const positionsStored = new Counter({
  name: "flota_positions_stored_total",
  help: "Positions committed to the database and acknowledged, by protocol (valid records; a resent record counts again)",
  labelNames: ["protocol"] as const,
  registers: register,
});

export const ackLatency = new Histogram({
  name: "flota_position_ack_seconds",
  help: "Time from a device's positions arriving to their commit, after which the device is acknowledged",
  labelNames: ["protocol"] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: register,
});

export const jobFailures = new Counter({
  name: "flota_job_failures_total",
  help: "Job attempts that failed in this process, by queue",
  labelNames: ["queue"] as const,
  registers: register,
});

export const jobsCompleted = new Counter({
  name: "flota_jobs_completed_total",
  help: "Jobs completed in this process, by queue",
  labelNames: ["queue"] as const,
  registers: register,
});

export const reportRuns = new Counter({
  name: "flota_report_runs_total",
  help: "Archived report runs finished in this process, by status (COMPLETED, FAILED, SKIPPED)",
  labelNames: ["status"] as const,
  registers: register,
});

export const emails = new Counter({
  name: "flota_emails_total",
  help: "E-mails by result: sent over SMTP, failed, or logged (SMTP not configured)",
  labelNames: ["result"] as const,
  registers: register,
});

new Gauge({
  name: "flota_devices_connected",
  help: "Devices connected to this process's TCP gateways, by protocol",
  labelNames: ["protocol"] as const,
  registers: register,
  collect() {
    this.reset();
    for (const read of sources.devices) for (const [protocol, n] of Object.entries(read())) this.inc({ protocol }, n);
  },
});

new Gauge({
  name: "flota_websocket_clients",
  help: "Live WebSocket clients connected to this process",
  registers: register,
  collect() {
    let n = 0;
    for (const read of sources.websockets) n += read();
    this.set(n);
  },
});

new Gauge({
  name: "flota_db_pool_connections",
  help: "Database pool connections of this process: total open, idle, and requests waiting for one",
  labelNames: ["state"] as const,
  registers: register,
  collect() {
    const sum = { total: 0, idle: 0, waiting: 0 };
    for (const read of sources.pools) {
      const p = read();
      sum.total += p.total;
      sum.idle += p.idle;
      sum.waiting += p.waiting;
    }
    for (const [state, n] of Object.entries(sum)) this.set({ state }, n);
  },
});

new Gauge({
  name: "flota_job_queue_jobs",
  help: "Jobs in each queue by state (waiting, active, delayed, failed kept for inspection)",
  labelNames: ["queue", "state"] as const,
  registers: register,
  async collect() {
    this.reset();
    for (const read of sources.queues) {
      const counts = await read().catch(() => ({}) as Record<string, Record<string, number>>);
      for (const [queue, states] of Object.entries(counts))
        for (const [state, n] of Object.entries(states)) this.inc({ queue, state }, n);
    }
  },
});

export const forwardingSent = new Counter({
  name: "flota_forwarding_positions_sent_total",
  help: "Positions forwarded to organisations' systems and accepted by them, by target kind (http, mqtt)",
  labelNames: ["kind"] as const,
  registers: register,
});

export const forwardingDropped = new Counter({
  name: "flota_forwarding_positions_dropped_total",
  help: "Positions that were not forwarded: pushed out of a full queue, or in a batch that failed its last attempt, by target kind",
  labelNames: ["kind"] as const,
  registers: register,
});

export const forwardingFailedBatches = new Counter({
  name: "flota_forwarding_failed_batches_total",
  help: "Forwarding delivery attempts that failed (error, timeout or non-2xx answer; each retry counts), by target kind",
  labelNames: ["kind"] as const,
  registers: register,
});

new Gauge({
  name: "flota_forwarding_queue_depth",
  help: "Positions waiting in this process's forwarding queues (and in their batches being sent), by target kind",
  labelNames: ["kind"] as const,
  registers: register,
  collect() {
    this.reset();
    this.set({ kind: "http" }, 0);
    this.set({ kind: "mqtt" }, 0);
    for (const read of sources.forwarding) for (const [kind, n] of Object.entries(read())) this.inc({ kind }, n);
  },
});

// every kind shows from the start, at zero
for (const kind of ["http", "mqtt"]) {
  forwardingSent.inc({ kind }, 0);
  forwardingDropped.inc({ kind }, 0);
  forwardingFailedBatches.inc({ kind }, 0);
}
