import { describe, inject } from "vitest";
import { buildExists } from "../support/server";
import { scaleOutSuite } from "./scale-out-suite";

describe.skipIf(!buildExists() || !inject("redisUrl"))("roles as processes over Redis pub/sub (REDIS_URL)", () =>
  scaleOutSuite("redis"),
);
