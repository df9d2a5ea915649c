/**
 * The page side of bench/map.ts: what runs in Chromium before the page's own scripts (frame intervals,
 * long tasks, long animation frames with their scripts, socket messages while recording) and the
 * summary of one recorded phase.
 */

export interface PhaseResult {
  frames: number[];
  longTasks: number[];
  /** long animation frames (> 50 ms): total and the script time in them by origin */
  loafs: {
    duration: number;
    flota: number;
    maplibre: number;
    other: number;
    flotaMax: number;
  }[];
  /** Flota's scripts over 50 ms: what invoked them (e.g. "TimerHandler:setTimeout", a socket's onmessage) */
  flotaLong: { duration: number; invoker: string; source: string }[];
  messages: number;
  updates: number[];
}

/** Runs in the page before its scripts (serialised by bench/map.ts). */
export function instrumentPage() {
  const w = window as unknown as Record<string, unknown> & Window;
  w.__flotaMapTimings = [];
  const frames: number[] = [];
  const longTasks: number[] = [];
  const loafs: PhaseResult["loafs"] = [];
  const flotaLong: PhaseResult["flotaLong"] = [];
  w.__bench = {
    recording: false,
    frames,
    longTasks,
    loafs,
    flotaLong,
    messages: 0,
  };
  const bench = w.__bench as { recording: boolean; messages: number };
  let last = 0;
  const loop = (t: number) => {
    if (bench.recording && last) frames.push(t - last);
    last = t;
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
  try {
    new PerformanceObserver((list) => {
      if (bench.recording) for (const e of list.getEntries()) longTasks.push(e.duration);
    }).observe({ type: "longtask", buffered: false });
  } catch {
    /* no long task timing */
  }
  // Long animation frames name the scripts that ran in them (each over 5 ms): MapLibre's own bundle
  // (its render loop, tile parsing results, GL calls) apart from Flota's (the app's bundles, React included).
  try {
    new PerformanceObserver((list) => {
      if (!bench.recording) return;
      for (const e of list.getEntries() as unknown as {
        duration: number;
        scripts: {
          duration: number;
          sourceURL: string;
          invoker: string;
          sourceFunctionName: string;
        }[];
      }[]) {
        const row = {
          duration: e.duration,
          flota: 0,
          maplibre: 0,
          other: 0,
          flotaMax: 0,
        };
        for (const s of e.scripts ?? []) {
          const url = s.sourceURL ?? "";
          if (url.includes("/maplibre-gl")) row.maplibre += s.duration;
          else if (url.includes("/assets/")) {
            row.flota += s.duration;
            row.flotaMax = Math.max(row.flotaMax, s.duration);
            if (s.duration > 50)
              flotaLong.push({
                duration: s.duration,
                invoker: s.invoker,
                source: `${url.split("/").pop()} ${s.sourceFunctionName}`,
              });
          } else row.other += s.duration;
        }
        loafs.push(row);
      }
    }).observe({ type: "long-animation-frame", buffered: false });
  } catch {
    /* no long animation frame timing */
  }
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      this.addEventListener("message", () => {
        if (bench.recording) bench.messages++;
      });
    }
  } as typeof WebSocket;
}

/** Runs in the page: starts recording afresh. */
export function startRecording() {
  const w = window as unknown as {
    __bench: { recording: boolean; messages: number } & Omit<PhaseResult, "messages" | "updates">;
    __flotaMapTimings: number[];
  };
  w.__bench.frames.length = 0;
  w.__bench.longTasks.length = 0;
  w.__bench.loafs.length = 0;
  w.__bench.flotaLong.length = 0;
  w.__bench.messages = 0;
  w.__flotaMapTimings.length = 0;
  w.__bench.recording = true;
}

/** Runs in the page: stops recording and hands over what was recorded. */
export function stopRecording(): PhaseResult {
  const w = window as unknown as {
    __bench: { recording: boolean; messages: number } & Omit<PhaseResult, "messages" | "updates">;
    __flotaMapTimings: number[];
  };
  w.__bench.recording = false;
  return {
    frames: w.__bench.frames.slice(),
    longTasks: w.__bench.longTasks.slice(),
    loafs: w.__bench.loafs.slice(),
    flotaLong: w.__bench.flotaLong.slice(),
    messages: w.__bench.messages,
    updates: w.__flotaMapTimings.slice(),
  };
}

export const quantile = (xs: number[], q: number) =>
  xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] : NaN;
export const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "–");
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** The lines printed for one phase. */
export function phaseLines(label: string, r: PhaseResult, seconds: number): string[] {
  const { frames, longTasks, loafs, updates } = r;
  const flotaLong = loafs.filter((l) => l.flotaMax > 50).length;
  const invokers = new Map<string, number[]>();
  for (const l of r.flotaLong)
    invokers.set(`${l.invoker} (${l.source})`, [...(invokers.get(`${l.invoker} (${l.source})`) ?? []), l.duration]);
  const top = [...invokers.entries()]
    .sort((a, b) => b[1].length - a[1].length)
    .slice(0, 4)
    .map(([k, ds]) => `${ds.length}× ${k} up to ${f1(Math.max(...ds))} ms`);
  return [
    `${label}: frames ${frames.length} (${(frames.length / seconds).toFixed(1)}/s): interval p50 ${f1(quantile(frames, 0.5))} ms, p99 ${f1(quantile(frames, 0.99))} ms, max ${f1(Math.max(...frames))} ms; socket messages ${Math.round(r.messages / seconds)}/s`,
    `${label}: vehicle-source updates ${updates.length}: main-thread p50 ${f1(quantile(updates, 0.5))} ms, p99 ${f1(quantile(updates, 0.99))} ms`,
    `${label}: long tasks (>50 ms) ${longTasks.length}, total ${Math.round(sum(longTasks))} ms, longest ${f1(Math.max(0, ...longTasks))} ms`,
    `${label}: long animation frames ${loafs.length}, ${Math.round(sum(loafs.map((l) => l.duration)))} ms; scripts in them: Flota ${Math.round(sum(loafs.map((l) => l.flota)))} ms (longest ${f1(Math.max(0, ...loafs.map((l) => l.flotaMax)))} ms), MapLibre ${Math.round(sum(loafs.map((l) => l.maplibre)))} ms, other ${Math.round(sum(loafs.map((l) => l.other)))} ms; the rest: shorter scripts, rendering and GL; long tasks from Flota's own code (a Flota script over 50 ms) ${flotaLong}`,
    ...(top.length ? [`${label}: Flota's scripts over 50 ms: ${top.join("; ")}`] : []),
  ];
}
