import { describe, expect, it } from "vitest";
import { groupByQueue } from "../../jobs/workers";
import { ALL_JOBS } from "../../jobs/registry";
import type { JobDefinition } from "../../server/job-definition";

const job = (queue: JobDefinition["queue"], name: string, concurrency?: number): JobDefinition => ({
  queue,
  name,
  concurrency,
  handler: async () => null,
});

describe("jobs registered per module, grouped by queue", () => {
  it("puts every module's jobs of a queue on that queue's one worker, at the lowest concurrency asked", () => {
    const queues = groupByQueue([job("maintenance", "a", 1), job("mail", "m"), job("maintenance", "b")]);
    expect(queues.get("maintenance")).toMatchObject({ concurrency: 1 });
    expect(queues.get("maintenance")!.jobs.map((j) => j.name)).toEqual(["a", "b"]);
    expect(queues.get("mail")).toMatchObject({ concurrency: 2 });
  });

  it("refuses a job name defined twice on one queue", () => {
    expect(() => groupByQueue([job("mail", "x"), job("mail", "x")])).toThrow(/defined twice/);
  });

  it("the registry holds each module's jobs; maintenance, optimisation and report generation run one at a time", () => {
    const queues = groupByQueue(ALL_JOBS);
    expect(
      queues
        .get("maintenance")!
        .jobs.map((j) => j.name)
        .sort(),
    ).toEqual(
      [
        "alert-timers",
        "alerts-retention",
        "analytics-retention",
        "analytics-schedules",
        "analytics-segments",
        "booking-lifecycle",
        "booking-reminders",
        "events-retention",
        "geocode-sweep",
        "live-subscriptions-prune",
        "maintenance-reminders",
        "positions-retention",
        "route-job-lateness",
        "video-sweep",
      ].sort(),
    );
    expect(queues.get("maintenance")!.concurrency).toBe(1);
    expect(queues.get("optimization")).toMatchObject({ concurrency: 1 });
    expect(queues.get("reports")).toMatchObject({ concurrency: 1 });
    expect(queues.get("reports")!.jobs.map((j) => j.name)).toEqual(["analytics-archive"]);
    expect(queues.get("geocode")).toMatchObject({ concurrency: 1 });
    expect(queues.get("geocode")!.jobs.map((j) => j.name)).toEqual(["geocode-addresses"]);
    expect(
      queues
        .get("mail")!
        .jobs.map((j) => j.name)
        .sort(),
    ).toEqual(["alert-email", "maintenance-reminder-email", "password-reset", "push-notify"]);
    // the events' sweep and the webhooks' due runs are the recurring jobs off the maintenance queue: a slow
    // maintenance job must not hold back event deliveries (docs/integrations.md)
    for (const d of ALL_JOBS.filter((j) => j.repeat && !["events-sweep", "webhooks-due"].includes(j.name)))
      expect(d.queue).toBe("maintenance");
    expect(
      queues
        .get("webhooks")!
        .jobs.map((j) => j.name)
        .sort(),
    ).toEqual(["events-sweep", "webhook-deliver", "webhooks-due"]);
  });
});
