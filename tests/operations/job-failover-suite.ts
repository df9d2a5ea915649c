import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { requestPasswordReset } from "../../server/modules/password-reset/password-reset.service";
import { createTestContext, createTestOrg, type TestContext, type TestOrg } from "../support/context";
import { killAllFlotaProcesses, startFlotaProcess, type FlotaProcess } from "../support/processes";
import { waitFor } from "../support/wait";

/**
 * A job survives the death of the worker running it: worker A takes a mail job and is killed (SIGKILL)
 * while the SMTP server holds the message; once A's lock lapses (JOB_LOCK_MS) BullMQ's stalled check in
 * worker B puts the job back and B sends the mail. Jobs on Redis (`"redis"`) or on PostgreSQL.
 */
export function jobFailoverSuite(kind: "redis" | "postgres") {
  let ctx: TestContext;
  let org: TestOrg;
  // one SMTP server per worker, so the held message tells which worker runs the job
  const smtp: SMTPServer[] = [];
  const smtpPorts: number[] = [];
  const holding: number[] = [];
  const delivered: string[] = [];

  beforeAll(async () => {
    ctx = createTestContext({ redis: kind === "redis" });
    org = await createTestOrg(ctx);
    for (const worker of [0, 1]) {
      const server = new SMTPServer({
        authOptional: true,
        disabledCommands: ["STARTTLS"],
        onData(stream, session, callback) {
          stream.resume();
          // the first attempt never gets its answer: its worker dies while waiting
          if (holding.push(worker) === 1) return;
          stream.on("end", () => {
            delivered.push(...session.envelope.rcptTo.map((r) => r.address));
            callback();
          });
        },
      });
      // the killed worker's connection ends with a reset
      server.on("error", () => {});
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      smtp.push(server);
      smtpPorts.push((server.server.address() as { port: number }).port);
    }
  });
  afterAll(async () => {
    await killAllFlotaProcesses();
    await Promise.all(smtp.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
    await ctx?.close();
  });

  const startWorker = (worker: number): Promise<FlotaProcess> =>
    startFlotaProcess(
      "jobs/main.ts",
      [],
      {
        DATABASE_URL: inject("databaseUrl"),
        REDIS_URL: kind === "redis" ? inject("redisUrl")! : "",
        SMTP_URL: `smtp://127.0.0.1:${smtpPorts[worker]}`,
        QUEUE_PREFIX: ctx.config.QUEUE_PREFIX,
        JOB_LOCK_MS: "2000",
        LOG_LEVEL: "info",
      },
      "job workers started",
    );

  it("a mail job whose worker is killed mid-send is taken over by the other worker and sent once", async () => {
    const workers = await Promise.all([startWorker(0), startWorker(1)]);
    await requestPasswordReset(ctx, org.adminEmail, "http://flota.test");
    await waitFor(() => holding.length === 1, 30_000, 20);
    const running = holding[0];
    await workers[running].kill("SIGKILL");
    await waitFor(() => delivered.includes(org.adminEmail), 30_000, 50);
    expect(delivered).toEqual([org.adminEmail]);
    // the second attempt ran on the worker still alive
    expect(holding).toEqual([running, 1 - running]);
    await workers[1 - running].kill();
  }, 240_000);
}
