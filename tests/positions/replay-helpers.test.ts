import { describe, expect, it } from "vitest";
import { BASE_RATE, advanceClock, interpolateAt, pointIndexAt, timesOf } from "../../app/lib/map/playback";
import type { ReplayPoint } from "../../server/shared/replay-point";
import { formatDuration, stopsGeoJson, trackBounds, trackGeoJson } from "../../app/lib/map/replay-geo";
import { cursorOption, speedChartOption, speedSeries } from "../../app/lib/map/speed-chart";

const track: ReplayPoint[] = [
  { t: "2026-03-01T08:00:00.000Z", lat: 41.0, lon: 19.0, speed: 0, course: 350, ignition: 1 },
  { t: "2026-03-01T08:01:00.000Z", lat: 41.1, lon: 19.2, speed: 60, course: 10, ignition: 1 },
  { t: "2026-03-01T08:03:00.000Z", lat: 41.3, lon: 19.2, speed: 30, course: 90, ignition: 1 },
];
const times = timesOf(track);

describe("playback interpolation", () => {
  it("finds the point at or before an instant", () => {
    expect(pointIndexAt(times, times[0] - 1)).toBe(0);
    expect(pointIndexAt(times, times[1])).toBe(1);
    expect(pointIndexAt(times, times[1] + 30_000)).toBe(1);
    expect(pointIndexAt(times, times[2] + 1)).toBe(2);
  });

  it("places the vehicle between two points in proportion to time", () => {
    const half = interpolateAt(track, times, times[0] + 30_000)!;
    expect(half.lat).toBeCloseTo(41.05, 10);
    expect(half.lon).toBeCloseTo(19.1, 10);
    expect(half.speed).toBeCloseTo(30, 10);
    expect(half.index).toBe(0);
    const quarter = interpolateAt(track, times, times[1] + 30_000)!;
    expect(quarter.lat).toBeCloseTo(41.15, 10);
  });

  it("turns the shorter way round through north", () => {
    expect(interpolateAt(track, times, times[0] + 30_000)!.course).toBeCloseTo(0, 10);
  });

  it("clamps to the ends and has nothing for an empty track", () => {
    expect(interpolateAt(track, times, 0)!.lat).toBe(41.0);
    expect(interpolateAt(track, times, times[2] + 3_600_000)!.lat).toBe(41.3);
    expect(interpolateAt([], [], 0)).toBeNull();
  });

  it("advances the clock by the playback speed and stops at the end", () => {
    expect(advanceClock(0, 1000, 1, 1e12)).toBe(BASE_RATE * 1000);
    expect(advanceClock(0, 1000, 16, 1e12)).toBe(16 * BASE_RATE * 1000);
    expect(advanceClock(times[1], 1000, 16, times[2])).toBe(times[2]);
  });
});

describe("speed chart", () => {
  it("plots km/h against time with a cursor line at the scrubber", () => {
    expect(speedSeries(track)).toEqual([
      [times[0], 0],
      [times[1], 60],
      [times[2], 30],
    ]);
    const option = speedChartOption(track, times[1], { speed: "Speed", unit: "km/h" });
    expect(option.xAxis.type).toBe("time");
    expect(option.yAxis).toMatchObject({ name: "km/h", min: 0, max: 60 });
    expect(option.series[0].data).toHaveLength(3);
    expect(option.series[0].markLine.data).toEqual([{ xAxis: times[1] }]);
    expect(cursorOption(times[2]).series[0].markLine.data).toEqual([{ xAxis: times[2] }]);
    expect(cursorOption(null).series[0].markLine.data).toEqual([]);
  });
});

describe("replay geometry", () => {
  it("draws the track as one line, stops as points and fits both corners", () => {
    expect(trackGeoJson(track).features[0].geometry.coordinates).toEqual([
      [19.0, 41.0],
      [19.2, 41.1],
      [19.2, 41.3],
    ]);
    expect(trackGeoJson(track.slice(0, 1)).features).toHaveLength(0);
    expect(
      stopsGeoJson([{ from: track[0].t, to: track[1].t, lat: 41, lon: 19, durationS: 600 }]).features[0].geometry
        .coordinates,
    ).toEqual([19, 41]);
    expect(trackBounds(track)).toEqual([
      [19.0, 41.0],
      [19.2, 41.3],
    ]);
    expect(formatDuration(3900)).toBe("1 h 05 min");
    expect(formatDuration(420)).toBe("7 min");
  });
});

describe("speed chart time axis", () => {
  it("labels the axis in the organisation's time zone", () => {
    const option = speedChartOption(track, null, { speed: "Speed", unit: "km/h" }, "Europe/Tirane");
    expect(option.xAxis.axisLabel.formatter(times[0])).toBe("09:00");
    expect(option.tooltip.formatter([{ value: [times[1], 60] }])).toBe("2026-03-01 09:01:00<br/>Speed: 60 km/h");
  });
});
