import { describe, expect, it } from "vitest";
import { analyseFuel, type FuelEntry } from "../../server/modules/maintenance/fuel-consumption";

const e = (id: string, odometer_km: number, liters: number, full_tank = true): FuelEntry => ({ id, filled_on: "2026-01-01", odometer_km, liters, full_tank });

describe("full-tank consumption", () => {
  it("the first full tank has no consumption; the next full tank counts every liter since, partials included", () => {
    const r = analyseFuel([e("a", 10_000, 50), e("b", 10_300, 20, false), e("c", 10_800, 40)], { tank_volume: 80, estimate: 8 });
    expect(r.get("a")).toEqual({ consumption: null, distance_km: null, flags: [] });
    expect(r.get("b")?.consumption).toBeNull();
    // (20 + 40) liters over 800 km = 7.5 l/100 km
    expect(r.get("c")).toEqual({ consumption: 7.5, distance_km: 800, flags: [] });
  });

  it("partials before the first full tank are not counted", () => {
    const r = analyseFuel([e("p", 9_000, 30, false), e("a", 10_000, 50), e("b", 10_500, 40)], { tank_volume: null, estimate: null });
    expect(r.get("b")?.consumption).toBe(8);
  });

  it("flags a fill larger than the tank, only above the volume", () => {
    const r = analyseFuel([e("a", 1000, 80), e("b", 2000, 80.01)], { tank_volume: 80, estimate: null });
    expect(r.get("a")?.flags).toEqual([]);
    expect(r.get("b")?.flags).toContain("over_tank");
  });

  it("flags a consumption further than 30 % from the estimate, both ways", () => {
    const far = analyseFuel([e("a", 1000, 50), e("b", 1500, 53)], { tank_volume: null, estimate: 8 }); // 10.6 l/100 km
    expect(far.get("b")?.flags).toContain("consumption_far");
    const low = analyseFuel([e("a", 1000, 50), e("b", 2000, 55)], { tank_volume: null, estimate: 8 }); // 5.5
    expect(low.get("b")?.flags).toContain("consumption_far");
    const near = analyseFuel([e("a", 1000, 50), e("b", 2000, 104)], { tank_volume: null, estimate: 8 }); // 10.4 = +30 %
    expect(near.get("b")?.flags).toEqual([]);
  });

  it("flags an odometer that goes backwards and does not compute a consumption from it", () => {
    const r = analyseFuel([e("a", 5000, 40), e("b", 4900, 30), e("c", 5500, 35)], { tank_volume: null, estimate: null });
    expect(r.get("b")).toEqual({ consumption: null, distance_km: null, flags: ["odometer_backwards"] });
    // the interval runs from the last good full tank (5,000 km): (30 + 35) liters over 500 km
    expect(r.get("c")?.consumption).toBe(13);
    expect(r.get("c")?.flags).toEqual([]);
  });
});
