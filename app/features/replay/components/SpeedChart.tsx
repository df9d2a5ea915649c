import { useEffect, useRef } from "react";
import { useEChart } from "../../../components/charts/useEChart";
import { useTranslation } from "react-i18next";
import type { ReplayPoint } from "../../../../server/shared/replay-point";
import { cursorOption, speedChartOption } from "../../../lib/map/speed-chart";

type ECharts = import("./echarts-lite").ECharts;

/** Speed over the period (ECharts, loaded in the browser); the red line follows the scrubber, a click moves it. */
export function SpeedChart({
  points,
  cursorMs,
  timeZone,
  onSeek,
}: {
  points: ReplayPoint[];
  cursorMs: number | null;
  timeZone: string;
  onSeek: (ms: number) => void;
}) {
  const { t } = useTranslation("replay");
  const el = useRef<HTMLDivElement>(null);
  const seek = useRef(onSeek);
  seek.current = onSeek;
  const labels = { speed: t("speed"), unit: t("kmh") };
  const labelKey = `${labels.speed}|${labels.unit}`;

  const chart = useEChart<ECharts>(
    el,
    () => import("./echarts-lite"),
    (instance) => {
      instance.setOption(speedChartOption(points, null, labels, timeZone));
      instance.getZr().on("click", (e: { offsetX: number; offsetY: number }) => {
        const value = instance.convertFromPixel({ seriesIndex: 0 }, [e.offsetX, e.offsetY]) as number[] | undefined;
        if (value && Number.isFinite(value[0])) seek.current(value[0]);
      });
    },
    [points, labelKey, timeZone],
  );

  const latest = useRef(cursorMs);
  latest.current = cursorMs;
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = null;
      chart.current?.setOption(cursorOption(latest.current));
    }, 150);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- chart is a ref; the timer throttles cursor moves
  }, [cursorMs]);
  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current);
    },
    [],
  );

  return <div ref={el} className="speed-chart" data-testid="speed-chart" role="img" aria-label={t("chartLabel")} />;
}
