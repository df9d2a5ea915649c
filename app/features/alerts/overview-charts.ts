/** ECharts options of the alert overview, built from the service's counts (pure, no ECharts import). */

export interface OverviewCounts {
  from: string;
  to: string;
  byType: { alert_type: string; count: number }[];
  byVehicle: { vehicle_id: string; registration: string; count: number }[];
  byDay: { day: string; alert_type: string; count: number }[];
}

/** One colour per alert type, the same in every chart. */
export const TYPE_COLORS: Record<string, string> = {
  speeding: "#dc2626",
  geofence_enter: "#2563eb",
  geofence_exit: "#0891b2",
  geofence_dwell: "#7c3aed",
  ignition_on: "#16a34a",
  ignition_off: "#64748b",
  idling: "#d97706",
  movement_outside_hours: "#db2777",
  device_fault: "#92400e",
  device_alarm: "#b91c1c",
  unseen: "#475569",
  job_eta_late: "#f59e0b",
  job_late: "#ca8a04",
  job_missed: "#7f1d1d",
};

/** Every day of the period, YYYY-MM-DD, so quiet days show as gaps. */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  const d = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`).getTime();
  while (d.getTime() <= end && out.length < 400) {
    out.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}

/** Types in the order of their totals (most first). */
export const typesOf = (c: OverviewCounts) => c.byType.map((r) => r.alert_type);

/** Rows of the by-day table and series: day → type → count. */
export function dayMatrix(c: OverviewCounts) {
  const days = daysOf(c.from, c.to);
  const cell = new Map(c.byDay.map((r) => [`${r.day}|${r.alert_type}`, r.count]));
  return { days, types: typesOf(c), count: (day: string, type: string) => cell.get(`${day}|${type}`) ?? 0 };
}

type Label = (type: string) => string;

export function byTypeOption(c: OverviewCounts, label: Label) {
  return {
    tooltip: { trigger: "item", formatter: "{b}: {c} ({d}%)" },
    legend: { type: "scroll", bottom: 0 },
    series: [
      {
        type: "pie",
        radius: ["35%", "65%"],
        center: ["50%", "45%"],
        data: c.byType.map((r) => ({
          name: label(r.alert_type),
          value: r.count,
          type: r.alert_type,
          itemStyle: { color: TYPE_COLORS[r.alert_type] },
        })),
      },
    ],
  };
}

export function byVehicleOption(c: OverviewCounts, countLabel: string) {
  const rows = [...c.byVehicle].reverse();
  return {
    tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
    grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: "value", minInterval: 1 },
    yAxis: { type: "category", data: rows.map((r) => r.registration) },
    series: [
      {
        type: "bar",
        name: countLabel,
        barMaxWidth: 28,
        data: rows.map((r) => ({ value: r.count, vehicleId: r.vehicle_id })),
        itemStyle: { color: "#2563eb" },
      },
    ],
  };
}

export function byDayOption(c: OverviewCounts, label: Label) {
  const m = dayMatrix(c);
  return {
    tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
    legend: { type: "scroll", bottom: 0 },
    grid: { left: 8, right: 16, top: 16, bottom: 40, containLabel: true },
    xAxis: { type: "category", data: m.days },
    yAxis: { type: "value", minInterval: 1 },
    series: m.types.map((type) => ({
      type: "bar",
      stack: "day",
      barMaxWidth: 36,
      name: label(type),
      alertType: type,
      itemStyle: { color: TYPE_COLORS[type] },
      data: m.days.map((day) => m.count(day, type)),
    })),
  };
}
