import { describe, expect, it } from "vitest";
import { tileIsEmpty, tileOption, type ChartTile } from "../../app/features/dashboard/tile-charts";

const entries = (values: Array<number | null>) => values.map((value, i) => ({ id: `v${i}`, label: `AA ${i}`, value }));
const tile = (chart_type: string, over: Partial<ChartTile> = {}): ChartTile => ({
  chart_type,
  entries: [],
  series: [],
  ...over,
});

describe("dashboard tile charts", () => {
  it("draws no pie when every slice is zero (ECharts would split the circle equally) and says there is nothing", () => {
    const zeros = tile("pie", { entries: entries([0, 0, null]) });
    expect(tileIsEmpty(zeros)).toBe(true);
    expect(tileOption(zeros, "idling_time")).toBeNull();
    const some = tile("pie", { entries: entries([0, 1.5]) });
    expect(tileIsEmpty(some)).toBe(false);
    expect(tileOption(some, "idling_time")).toMatchObject({
      series: [
        {
          type: "pie",
          data: [
            { name: "AA 0", value: 0 },
            { name: "AA 1", value: 1.5 },
          ],
        },
      ],
    });
  });

  it("keeps a bar ranking of zeros (the vehicles are there, at zero) and empties only without vehicles", () => {
    expect(tileIsEmpty(tile("bar", { entries: entries([0, 0]) }))).toBe(false);
    expect(tileIsEmpty(tile("bar"))).toBe(true);
  });

  it("draws a line of days with straight segments, which never dip below a zero day", () => {
    const line = tile("line", {
      series: [
        { day: "2026-11-21", value: 40 },
        { day: "2026-11-22", value: 0 },
        { day: "2026-11-23", value: 200 },
      ],
    });
    const option = tileOption(line, "trips") as { series: Array<Record<string, unknown>>; xAxis: { data: string[] } };
    expect(option.xAxis.data).toEqual(["11-21", "11-22", "11-23"]);
    expect(option.series[0].smooth ?? false).toBe(false);
    expect(tileIsEmpty(tile("line"))).toBe(true);
  });
});
