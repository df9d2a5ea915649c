import { formatInstantDate } from "../../../shared/dates";
import type { SummaryDayRow } from "../rollups.repo";
import { dayBounds, daysOf, type Period } from "../../shared/reports/period";

/** The stored segment fields a day's summary needs (times in ms). */
export interface SummarySegment {
  vehicleId: string;
  kind: "trip" | "stop" | "idle" | "speeding";
  start: number;
  end: number;
  distanceM: number;
  maxSpeedKmh: number;
  engineS: number;
  idleS: number;
}

export interface DaySummary {
  vehicleId: string;
  day: string;
  distanceM: number;
  drivingS: number;
  idleS: number;
  stopS: number;
  trips: number;
  /** first trip start and last trip end of the day (ms), null without trips */
  firstStart: number | null;
  lastEnd: number | null;
  maxSpeedKmh: number;
  engineS: number;
}

const overlap = (a0: number, a1: number, b0: number, b1: number) => Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));

/**
 * Per vehicle and local day: a trip counts whole (distance, driving time, speeds, engine time) on the day it
 * starts, like a logbook; stop and idling time is cut at local midnight, so an overnight stop splits
 * between the evening and the morning and a day never holds more stop time than it has hours (23 to 25
 * around daylight-saving changes).
 */
export function dailySummary(segments: SummarySegment[], period: Period): DaySummary[] {
  const days = daysOf(period);
  const bounds = days.map((d) => dayBounds(d, period.timeZone));
  const out = new Map<string, DaySummary>();
  const cell = (vehicleId: string, day: string) => {
    const key = `${vehicleId}|${day}`;
    let c = out.get(key);
    if (!c) {
      c = {
        vehicleId,
        day,
        distanceM: 0,
        drivingS: 0,
        idleS: 0,
        stopS: 0,
        trips: 0,
        firstStart: null,
        lastEnd: null,
        maxSpeedKmh: 0,
        engineS: 0,
      };
      out.set(key, c);
    }
    return c;
  };
  for (const s of segments) {
    if (s.kind === "trip") {
      const day = formatInstantDate(s.start, period.timeZone);
      if (day < period.from || day > period.to) continue;
      const c = cell(s.vehicleId, day);
      c.trips += 1;
      c.distanceM += s.distanceM;
      c.drivingS += (s.end - s.start) / 1000 - s.idleS;
      c.idleS += s.idleS;
      c.engineS += s.engineS;
      c.maxSpeedKmh = Math.max(c.maxSpeedKmh, s.maxSpeedKmh);
      c.firstStart = c.firstStart === null ? s.start : Math.min(c.firstStart, s.start);
      c.lastEnd = c.lastEnd === null ? s.end : Math.max(c.lastEnd, s.end);
    } else if (s.kind === "stop") {
      bounds.forEach((b, i) => {
        const ms = overlap(s.start, s.end, b.start, b.end);
        if (!ms) return;
        const c = cell(s.vehicleId, days[i]);
        c.stopS += ms / 1000;
        // engine time while stopped, spread evenly over the stop's days
        c.engineS += (s.engineS * ms) / Math.max(1, s.end - s.start);
      });
    }
  }
  return [...out.values()].sort((a, b) => a.day.localeCompare(b.day) || a.vehicleId.localeCompare(b.vehicleId));
}

/** `dailySummary` from the cells added up in SQL (`rollupsRepo.summaryDays`, days numbered from 1 as `daysOf`). */
export function dailySummaryOfRows(rows: SummaryDayRow[], period: Period): DaySummary[] {
  const days = daysOf(period);
  const out: DaySummary[] = rows.map((r) => ({
    vehicleId: r.vehicle_id,
    day: days[r.b - 1],
    distanceM: r.distance ?? 0,
    drivingS: r.driving ?? 0,
    idleS: r.idle ?? 0,
    stopS: r.stop_s ?? 0,
    trips: r.trips ?? 0,
    firstStart: r.first_start ? r.first_start.getTime() : null,
    lastEnd: r.last_end ? r.last_end.getTime() : null,
    maxSpeedKmh: r.max_speed ?? 0,
    engineS: (r.trip_engine ?? 0) + (r.stop_engine ?? 0),
  }));
  return out.sort((a, b) => a.day.localeCompare(b.day) || a.vehicleId.localeCompare(b.vehicleId));
}

/** The days' instants [start, end) of a period, as `rollupsRepo` takes them. */
export function dayInstants(period: Period): { starts: number[]; ends: number[] } {
  const bounds = daysOf(period).map((d) => dayBounds(d, period.timeZone));
  return { starts: bounds.map((b) => b.start), ends: bounds.map((b) => b.end) };
}
