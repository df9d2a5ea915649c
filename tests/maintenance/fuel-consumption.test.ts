import { describe, expect, it } from "vitest";
import { analyseFuel, type FuelEntry } from "../../server/modules/maintenance/fuel-consumption";

const e = (id: string, odometer_km: number, liters: number, full_tank = true): FuelEntry => ({
  id,
  filled_on: "2026-01-01",
  odometer_km,
  liters,
  full_tank,
});
const h = (
  id: string,
  odometer_km: number,
  liters: number,
  engine_hours: number | null,
  full_tank = true,
): FuelEntry => ({ ...e(id, odometer_km, liters, full_tank), engine_hours });

describe("full-tank consumption", () => {
  it("the first full tank has no consumption; the next full tank counts every liter since, partials included", () => {
    const r = analyseFuel([e("a", 10_000, 50), e("b", 10_300, 20, false), e("c", 10_800, 40)], {
      tank_volume: 80,
      estimate: 8,
    });
    expect(r.get("a")).toEqual({ consumption: null, distance_km: null, l_per_hour: null, hours_run: null, flags: [] });
    expect(r.get("b")?.consumption).toBeNull();
    // (20 + 40) liters over 800 km = 7.5 l/100 km
    expect(r.get("c")).toEqual({ consumption: 7.5, distance_km: 800, l_per_hour: null, hours_run: null, flags: [] });
  });

  it("partials before the first full tank are not counted", () => {
    const r = analyseFuel([e("p", 9_000, 30, false), e("a", 10_000, 50), e("b", 10_500, 40)], {
      tank_volume: null,
      estimate: null,
    });
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
    const r = analyseFuel([e("a", 5000, 40), e("b", 4900, 30), e("c", 5500, 35)], {
      tank_volume: null,
      estimate: null,
    });
    expect(r.get("b")).toEqual({
      consumption: null,
      distance_km: null,
      l_per_hour: null,
      hours_run: null,
      flags: ["odometer_backwards"],
    });
    // the interval runs from the last good full tank (5,000 km): (30 + 35) liters over 500 km
    expect(r.get("c")?.consumption).toBe(13);
    expect(r.get("c")?.flags).toEqual([]);
  });

  it("l/h between consecutive full tanks that both carry an engine-hours reading, partials included", () => {
    const r = analyseFuel([h("a", 1000, 60, 1200), h("b", 1050, 30, 1206.5, false), h("c", 1100, 45, 1212.5)], {
      tank_volume: null,
      estimate: null,
    });
    expect(r.get("a")).toMatchObject({ l_per_hour: null, hours_run: null });
    expect(r.get("b")).toMatchObject({ l_per_hour: null, hours_run: null });
    // (30 + 45) liters over 1212.5 - 1200 = 12.5 h = 6 l/h; by km the same fills give 75 l over 100 km
    expect(r.get("c")).toEqual({ consumption: 75, distance_km: 100, l_per_hour: 6, hours_run: 12.5, flags: [] });
    // rounded to hundredths like l/100 km: 50 l over 15 h = 3.333… l/h
    expect(
      analyseFuel([h("a", 0, 10, 100), h("b", 0, 50, 115)], { tank_volume: null, estimate: null }).get("b")?.l_per_hour,
    ).toBe(3.33);
  });

  it("a full tank without a reading closes no l/h interval and starts one nothing can close", () => {
    const r = analyseFuel(
      [h("a", 1000, 40, 500), h("b", 1100, 20, null), h("c", 1200, 30, 520), h("d", 1300, 25, 525)],
      { tank_volume: null, estimate: null },
    );
    expect(r.get("b")?.l_per_hour).toBeNull();
    expect(r.get("c")?.l_per_hour).toBeNull();
    // c and d are consecutive full tanks with readings: 25 liters over 5 h
    expect(r.get("d")).toMatchObject({ l_per_hour: 5, hours_run: 5, consumption: 25 });
  });

  it("engine hours that go backwards are flagged and treated as the odometer is: no l/h from that fill, none started there", () => {
    const r = analyseFuel([h("a", 5000, 40, 800), h("b", 5200, 30, 790), h("c", 5400, 35, 810)], {
      tank_volume: null,
      estimate: null,
    });
    expect(r.get("b")).toEqual({
      consumption: 15,
      distance_km: 200,
      l_per_hour: null,
      hours_run: null,
      flags: ["engine_hours_backwards"],
    });
    // the hours' interval runs from the last good full tank (800 h): (30 + 35) liters over 10 h; the km one from b
    expect(r.get("c")).toEqual({ consumption: 17.5, distance_km: 200, l_per_hour: 6.5, hours_run: 10, flags: [] });
    // equal to the previous reading is not backwards, and runs no hours
    const same = analyseFuel([h("a", 100, 10, 50), h("b", 200, 10, 50)], { tank_volume: null, estimate: null });
    expect(same.get("b")).toMatchObject({ l_per_hour: null, flags: [] });
  });
});
