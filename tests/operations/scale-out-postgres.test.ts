import { describe } from "vitest";
import { buildExists } from "../support/server";
import { scaleOutSuite } from "./scale-out-suite";

describe.skipIf(!buildExists())("roles as processes over PostgreSQL LISTEN/NOTIFY (no REDIS_URL)", () =>
  scaleOutSuite("postgres"),
);
