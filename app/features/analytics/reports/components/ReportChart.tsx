import { useRef } from "react";
import { useEChart } from "../../../../components/charts/useEChart";
import { useHydrated } from "../../../../lib/use-hydrated";
import { reportChartHeight, reportChartOption, type ReportChartData } from "../report-chart";

type ECharts = import("./echarts-reports").ECharts;

/** The interactive chart, drawn in the browser by ECharts once the page runs. */
function LiveReportChart({ chart }: { chart: ReportChartData }) {
  const el = useRef<HTMLDivElement>(null);
  const option = reportChartOption(chart);
  const key = JSON.stringify(option);
  useEChart<ECharts>(
    el,
    () => import("./echarts-reports"),
    (instance, dom) => {
      instance.setOption(option);
      dom.dataset.ready = "1";
    },
    [key],
  );
  return (
    <div
      ref={el}
      className="report-chart"
      style={{ height: reportChartHeight(chart) }}
      data-testid="report-chart"
      data-type={chart.type}
      data-bars={chart.bars.length}
      role="img"
      aria-label={chart.label}
    />
  );
}

/**
 * The report's chart: the server's SVG drawing of it (what a browser without JavaScript shows), replaced by the
 * interactive chart once the page runs. `data-bars` lets a test read what is drawn.
 */
export function ReportChart({ chart, svg }: { chart: ReportChartData; svg: string | null }) {
  const hydrated = useHydrated();
  if (hydrated || !svg) return <LiveReportChart chart={chart} />;
  return (
    <div
      className="report-chart report-chart-svg"
      data-testid="report-chart-svg"
      data-type={chart.type}
      data-bars={chart.bars.length}
      role="img"
      aria-label={chart.label}
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
