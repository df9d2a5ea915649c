import { describe, inject } from "vitest";
import { jobFailoverSuite } from "./job-failover-suite";

describe.skipIf(!inject("redisUrl"))("a job outlives its worker: jobs on Redis", () => jobFailoverSuite("redis"));
