import { describe, expect, it } from "vitest";
import { matrixOptionsSchema, optimizationProblemSchema } from "../../server/optimization/optimization.schema";

const depot = { lat: 48.85, lon: 2.35 };
const valid = {
  vehicles: [{ id: "v1", start: depot, end: null, capacity: [100, 10], skills: ["fridge"] }],
  jobs: [{ id: "j1", location: { lat: 48.86, lon: 2.36 }, timeWindows: [{ start: 0, end: 3600 }], priority: 10 }],
  shipments: [
    { id: "s1", pickup: { location: depot }, delivery: { location: { lat: 48.9, lon: 2.4 } }, amount: [5, 1] },
  ],
};

describe("optimizationProblemSchema", () => {
  it("accepts a valid problem", () => {
    expect(optimizationProblemSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    ["duplicate job ids", { ...valid, shipments: [{ ...valid.shipments[0], id: "j1" }] }],
    [
      "a window ending before it starts",
      { ...valid, jobs: [{ ...valid.jobs[0], timeWindows: [{ start: 10, end: 5 }] }] },
    ],
    ["priority above 100", { ...valid, jobs: [{ ...valid.jobs[0], priority: 101 }] }],
    ["a latitude out of range", { ...valid, jobs: [{ ...valid.jobs[0], location: { lat: 91, lon: 0 } }] }],
    ["negative demand", { ...valid, jobs: [{ ...valid.jobs[0], delivery: [-1] }] }],
    ["no vehicle", { ...valid, vehicles: [] }],
  ])("rejects %s", (_, input) => {
    expect(optimizationProblemSchema.safeParse(input).success).toBe(false);
  });

  it("validates matrix options", () => {
    expect(matrixOptionsSchema.safeParse({ provider: "osrm", url: "http://127.0.0.1:5000" }).success).toBe(true);
    expect(matrixOptionsSchema.safeParse({ provider: "osrm" }).success).toBe(false);
    expect(matrixOptionsSchema.safeParse({ provider: "google", url: "http://x" }).success).toBe(false);
  });
});
