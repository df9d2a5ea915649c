import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { requestPasswordReset } from "../../server/modules/password-reset/password-reset.service";
import { createTestContext, createTestOrg, type TestContext, type TestOrg } from "../support/context";
import { decodeQuotedPrintable, startSmtpServer } from "../support/smtp";
import { waitFor } from "../support/wait";

const root = path.resolve(import.meta.dirname, "../..");

describe("npm run worker: the job worker as its own process", () => {
  let ctx: TestContext;
  let org: TestOrg;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let worker: ChildProcess;
  let output = "";

  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = createTestContext();
    org = await createTestOrg(ctx);
    worker = spawn(path.join(root, "node_modules/.bin/tsx"), ["jobs/main.ts"], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: inject("databaseUrl"),
        REDIS_URL: "",
        SMTP_URL: smtp.url,
        LOG_LEVEL: "info",
        QUEUE_PREFIX: ctx.config.QUEUE_PREFIX,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    worker.stdout?.on("data", (d: Buffer) => {
      output += d.toString();
    });
    worker.stderr?.on("data", (d: Buffer) => {
      output += d.toString();
    });
  });
  afterAll(async () => {
    worker?.kill("SIGTERM");
    await new Promise((r) => worker?.once("exit", r));
    await smtp?.close();
    await ctx?.close();
  });

  it("sends the password-reset e-mail that the web process queued", async () => {
    await requestPasswordReset(ctx, org.adminEmail, "http://flota.test");
    const mail = await smtp.waitFor((m) => m.to.includes(org.adminEmail), 60_000);
    const text = decodeQuotedPrintable(mail.raw);
    const code = /Subject: .*?(\d{6})/.exec(text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(text).toContain(`http://flota.test/newPassword?`);
    // the workers take jobs before the recurring ones are scheduled and the start is logged
    await waitFor(() => output.includes("job workers started"), 60_000, 100).catch(() => {});
    expect(output).toContain("job workers started");
  });
});
