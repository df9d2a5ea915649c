import type { ReportDefinition } from "./report-definition";

/**
 * The report catalogue, below the modules: analytics runs, exports and schedules what is registered here, and each
 * module's reports are registered by the composition (server/report-catalogue.ts) without analytics importing them.
 * Every process (and the web build) loads that file once at start.
 */
const ordered: ReportDefinition[] = [];
const byType = new Map<string, ReportDefinition>();

/** Adds report types in the order the list shows them; a type already registered is kept as it was. */
export function registerReports(definitions: readonly ReportDefinition[]): void {
  for (const d of definitions) {
    if (byType.has(d.type)) continue;
    byType.set(d.type, d);
    ordered.push(d);
  }
}

function loaded(): void {
  if (!ordered.length) throw new Error("The report catalogue is not loaded: import server/report-catalogue.ts first");
}

/** Every registered report type, in list order. */
export function allReports(): readonly ReportDefinition[] {
  loaded();
  return ordered;
}

export function reportByType(type: string): ReportDefinition | undefined {
  loaded();
  return byType.get(type);
}
