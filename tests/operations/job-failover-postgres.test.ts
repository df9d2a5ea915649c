import { describe } from "vitest";
import { jobFailoverSuite } from "./job-failover-suite";

describe("a job outlives its worker: jobs on PostgreSQL", () => jobFailoverSuite("postgres"));
