import { describe, expect, it } from "vitest";
import { reportChartOption } from "../../app/features/analytics/reports/report-chart";
import { timelinePoints } from "../../app/features/analytics/reports/components/TimelineMap";
import { reportInput, runQuery } from "../../app/features/analytics/reports/reports.server";
import { REPORTS } from "../../server/report-catalogue";
import { reportByType } from "../../server/modules/shared/reports/registry";
import { parseOwnParams } from "../../server/modules/analytics/analytics.service";

describe("report page helpers", () => {
  it("reads repeated fields as lists and leaves out the form's own fields", () => {
    const q = new URLSearchParams(
      "from=2026-11-01&to=2026-11-02&vehicle_ids=a&vehicle_ids=b&team_ids=t&lng=en&_csrf=x&intent=archive",
    );
    expect(reportInput(q)).toEqual({ from: "2026-11-01", to: "2026-11-02", vehicle_ids: ["a", "b"], team_ids: "t" });
  });

  it("carries the common and the type's own parameters (and nothing else) to downloads and the background run", () => {
    const input = { from: "2026-11-01", to: "2026-11-02", vehicle_ids: ["a", "b"], min_minutes: "5", other: "x" };
    expect(runQuery(input, reportByType("stops")!)).toBe(
      "from=2026-11-01&to=2026-11-02&vehicle_ids=a&vehicle_ids=b&min_minutes=5",
    );
    expect(runQuery(input, reportByType("trips")!)).toBe("from=2026-11-01&to=2026-11-02&vehicle_ids=a&vehicle_ids=b");
  });

  it("every own parameter a report's schema reads has a form field, and every field's default is accepted", () => {
    for (const r of REPORTS) {
      const shape = Object.keys((r.params as unknown as { shape?: Record<string, unknown> }).shape ?? {});
      expect((r.fields ?? []).map((f) => f.name).sort(), r.type).toEqual(shape.sort());
      const defaults = Object.fromEntries(
        (r.fields ?? []).map((f) => [
          f.name,
          f.kind === "weekdays" ? f.default.map(String) : f.kind === "places" ? [] : String(f.default ?? ""),
        ]),
      );
      expect(() => parseOwnParams(r, defaults), r.type).not.toThrow();
    }
  });

  it("draws days in order on a vertical axis and rankings as horizontal bars, largest on top", () => {
    const days = reportChartOption({
      type: "bar",
      label: "km",
      time: true,
      bars: [
        { label: "2026-11-01", value: 1 },
        { label: "2026-11-02", value: 3 },
      ],
    });
    expect(days.xAxis).toMatchObject({ type: "category", data: ["2026-11-01", "2026-11-02"] });
    const ranking = reportChartOption({
      type: "bar",
      label: "h",
      time: false,
      bars: [
        { label: "AA", value: 5 },
        { label: "BB", value: 2 },
      ],
    });
    // ECharts draws a category axis from the bottom up: reversed, so the largest is on top
    expect(ranking.yAxis).toMatchObject({ type: "category", data: ["BB", "AA"] });
    const pie = reportChartOption({ type: "pie", label: "km", time: false, bars: [{ label: "Business", value: 5 }] });
    expect((pie.series as Array<{ type: string; data: unknown[] }>)[0]).toMatchObject({
      type: "pie",
      data: [{ name: "Business", value: 5 }],
    });
  });

  it("puts the timeline's stops and events on the map, not its trips (they are the track)", () => {
    const base = {
      kindLabel: "",
      start: "",
      end: "",
      duration: "",
      distance: "",
      maxSpeed: "",
      place: "",
      detail: "",
      endLat: 1,
      endLon: 2,
    };
    const points = timelinePoints([
      { ...base, kind: "trip", lat: 41, lon: 19 },
      { ...base, kind: "stop", lat: 41.1, lon: 19.1 },
      { ...base, kind: "alert", lat: null, lon: null },
      { ...base, kind: "alert", lat: 41.2, lon: 19.2 },
    ]);
    expect(points.features.map((f) => f.properties!.kind)).toEqual(["stop", "alert"]);
    expect(points.features[0].geometry.coordinates).toEqual([19.1, 41.1]);
  });
});
