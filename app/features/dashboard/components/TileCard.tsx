import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { CsrfInput } from "../../../components/forms";
import type { TileView } from "../dashboard.server";
import { tileIsEmpty, tileOption } from "../tile-charts";
import { formatTileNumber, HAS_UNIT } from "../tile-view";
import { useHydrated } from "../../../lib/use-hydrated";
import { TileChart } from "./TileChart";

/**
 * One tile: its figure, and for bar, line and pie tiles the chart the server drew as SVG (what a browser without
 * JavaScript shows), replaced by the interactive ECharts chart once the page runs; the figures stay one click
 * away as a table. Number and table tiles are plain HTML.
 */
export function TileCard({
  tile,
  canWrite,
  first,
  last,
}: {
  tile: TileView;
  canWrite: boolean;
  first: boolean;
  last: boolean;
}) {
  const { t, i18n } = useTranslation("dashboard");
  const hydrated = useHydrated();
  const metric = t(`metric.${tile.metric}`);
  const unit = HAS_UNIT.has(tile.metric as never) ? t(`units.${tile.metric}`) : "";
  const num = (v: number | null) => formatTileNumber(v, i18n.language);
  const option = useMemo(() => tileOption(tile, metric), [tile, metric]);
  const ranked = tile.chart_type !== "number" && tile.chart_type !== "line";
  const title = t("tileTitle", { metric, window: t(`window.${tile.time_window}`) });

  const table =
    tile.chart_type === "line" ? (
      <table className="table tile-table">
        <thead>
          <tr>
            <th>{t("metrics.day")}</th>
            <th>
              {metric}
              {unit && ` (${unit})`}
            </th>
          </tr>
        </thead>
        <tbody>
          {tile.series.map((s) => (
            <tr key={s.day}>
              <td>{s.day}</td>
              <td className="num">{num(s.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    ) : (
      <table className="table tile-table">
        <thead>
          <tr>
            <th>{t("metrics.rank")}</th>
            <th>{t("metrics.vehicle")}</th>
            <th>
              {metric}
              {unit && ` (${unit})`}
            </th>
          </tr>
        </thead>
        <tbody>
          {tile.entries.map((e, i) => (
            <tr key={e.id}>
              <td>{i + 1}</td>
              <td>{e.label}</td>
              <td className="num">{num(e.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  const empty = tileIsEmpty(tile);

  return (
    <li
      className="card tile"
      data-testid="tile"
      data-id={tile.id}
      data-metric={tile.metric}
      data-chart={tile.chart_type}
    >
      <header className="tile-head">
        <h2>{title}</h2>
        <small className="muted">
          {t("metrics.period", { from: tile.from, to: tile.to })}
          {ranked && (
            <> · {t("tileRanked", { ranking: t(`ranking.${tile.ranking ?? "top"}`), size: tile.ranking_size })}</>
          )}
          {" · "}
          {t(`aggregation.${tile.aggregation}`)}
        </small>
      </header>
      <p className="tile-value" data-testid="tile-value">
        <strong>{num(tile.value)}</strong>
        {unit && <span className="muted"> {unit}</span>}
      </p>
      {tile.chart_type !== "number" &&
        (empty ? (
          <p className="muted">{t("metrics.nothing")}</p>
        ) : option ? (
          <>
            {hydrated ? (
              <TileChart option={option} label={title} testId="tile-chart" />
            ) : (
              tile.svg && (
                <div
                  className="tile-svg"
                  role="img"
                  aria-label={title}
                  data-testid="tile-svg"
                  dangerouslySetInnerHTML={{ __html: tile.svg }}
                />
              )
            )}
            <details>
              <summary>{t("metrics.showTable")}</summary>
              {table}
            </details>
          </>
        ) : (
          table
        ))}
      <footer className="tile-actions">
        <Link to={tile.report} data-testid="tile-report">
          {t("metrics.openReport")}
        </Link>
        {canWrite && (
          <Form method="post" className="inline">
            <CsrfInput />
            <input type="hidden" name="id" value={tile.id} />
            <Link to={`/dashboard/metrics/edit/${tile.id}`} className="button" data-testid="tile-edit">
              {t("metrics.edit")}
            </Link>
            <button
              type="submit"
              name="intent"
              value="up"
              className="button"
              disabled={first}
              aria-label={`${t("metrics.up")}: ${title}`}
              data-testid="tile-up"
            >
              ↑
            </button>
            <button
              type="submit"
              name="intent"
              value="down"
              className="button"
              disabled={last}
              aria-label={`${t("metrics.down")}: ${title}`}
              data-testid="tile-down"
            >
              ↓
            </button>
            <button type="submit" name="intent" value="delete" className="button danger" data-testid="tile-delete">
              {t("metrics.delete")}
            </button>
          </Form>
        )}
      </footer>
    </li>
  );
}
