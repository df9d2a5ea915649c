import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { MapConfig } from "../../../lib/map/basemap-style";
import { PLAYBACK_SPEEDS, advanceClock, interpolateAt, timesOf, type PlaybackSpeed } from "../../../lib/map/playback";
import type { ReplayPoint, ReplayStop } from "../../../../server/shared/replay-point";
import { formatDateTime } from "../../../lib/map/time";
import { ReplayMap, type ReplayAlertPoint } from "./ReplayMap";
import { SpeedChart } from "./SpeedChart";

interface ReplayPlayerProps {
  points: ReplayPoint[];
  stops: ReplayStop[];
  alerts: ReplayAlertPoint[];
  timeZone: string;
  config: MapConfig;
}

/** Play, pause, speed and scrubber over the track; map and speed chart follow the same clock. */
export function ReplayPlayer({ points, stops, alerts, timeZone, config }: ReplayPlayerProps) {
  const { t } = useTranslation("replay");
  const times = useMemo(() => timesOf(points), [points]);
  const start = times[0] ?? 0;
  const end = times[times.length - 1] ?? 0;
  const [clock, setClock] = useState(start);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<PlaybackSpeed>(1);
  const frame = useMemo(() => interpolateAt(points, times, clock), [points, times, clock]);

  useEffect(() => {
    setClock(start);
    setPlaying(false);
  }, [start]);

  const clockRef = useRef(clock);
  clockRef.current = clock;
  useEffect(() => {
    if (!playing) return;
    let last = performance.now();
    let raf = requestAnimationFrame(function tick(now) {
      const next = advanceClock(clockRef.current, now - last, speed, end);
      last = now;
      setClock(next);
      if (next >= end) setPlaying(false);
      else raf = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(raf);
  }, [playing, speed, end]);

  const togglePlay = () => {
    if (!playing && clock >= end) setClock(start);
    setPlaying((p) => !p);
  };

  return (
    <div className="replay-player" data-testid="replay-player">
      <ReplayMap points={points} stops={stops} alerts={alerts} frame={frame} config={config} />
      <div className="player">
        <button
          type="button"
          className="button primary"
          onClick={togglePlay}
          data-testid="play-toggle"
          aria-pressed={playing}
        >
          {playing ? t("pause") : t("play")}
        </button>
        <label className="inline">
          <span className="visually-hidden">{t("playbackSpeed")}</span>
          <select
            value={speed}
            onChange={(e) => setSpeed(Number(e.target.value) as PlaybackSpeed)}
            aria-label={t("playbackSpeed")}
            data-testid="playback-speed"
          >
            {PLAYBACK_SPEEDS.map((s) => (
              <option key={s} value={s}>
                {s}×
              </option>
            ))}
          </select>
        </label>
        <input
          type="range"
          min={start}
          max={end}
          step={1000}
          value={clock}
          onChange={(e) => setClock(Number(e.target.value))}
          aria-label={t("scrubber")}
          data-testid="scrubber"
        />
        <span className="clock" aria-live="off">
          {formatDateTime(new Date(clock).toISOString(), timeZone)}
        </span>
        <span className="clock-speed">{frame ? `${Math.round(frame.speed)} ${t("kmh")}` : ""}</span>
      </div>
      <SpeedChart
        points={points}
        cursorMs={clock}
        timeZone={timeZone}
        onSeek={(ms) => setClock(Math.min(end, Math.max(start, ms)))}
      />
    </div>
  );
}
