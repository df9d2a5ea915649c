import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { DateField } from "../../../components/dates";
import { OverviewChart } from "../../alerts/components/OverviewChart";
import { useNumber } from "./fields";

interface Row {
  service: number;
  parts: number;
  wash: number;
  fuel: number;
  total: number;
  distance_km: number;
  cost_per_km: number | null;
}
type VehicleRow = Row & { vehicle_id: string; registration: string; purchase_price: number | null };
type TeamRow = Row & { team_id: string | null; name: string | null };
const KINDS = ["service", "parts", "wash", "fuel"] as const;

export function CostsPage(props: {
  costs: { from: string; to: string; vehicles: VehicleRow[]; teams: TeamRow[] };
  teams: { value: string; label: string }[];
  teamId: string;
}) {
  const { t } = useTranslation("maintenance");
  const n = useNumber();
  const { costs } = props;
  const top = costs.vehicles.slice(0, 15);
  const option = {
    tooltip: { trigger: "axis" },
    legend: { top: 0 },
    grid: { left: 80, right: 16, top: 32, bottom: 24 },
    xAxis: { type: "value" },
    yAxis: { type: "category", data: top.map((v) => v.registration), inverse: true },
    series: KINDS.map((k) => ({ name: t(`costs.${k}`), type: "bar", stack: "cost", data: top.map((v) => v[k]) })),
  };
  const cells = (r: Row) => (
    <>
      {KINDS.map((k) => (
        <td key={k}>{n(r[k], 2)}</td>
      ))}
      <td>
        <strong>{n(r.total, 2)}</strong>
      </td>
      <td>{n(r.distance_km, 1)}</td>
      <td data-testid="cost-per-km">{r.cost_per_km === null ? "–" : n(r.cost_per_km, 2)}</td>
    </>
  );
  const head = (first: string, extra?: string) => (
    <tr>
      <th>{first}</th>
      {KINDS.map((k) => (
        <th key={k}>{t(`costs.${k}`)}</th>
      ))}
      <th>{t("costs.total")}</th>
      <th>{t("costs.distance")}</th>
      <th>{t("costs.perKm")}</th>
      {extra && <th>{extra}</th>}
    </tr>
  );
  return (
    <section>
      <h1>{t("costs.title")}</h1>
      <Form method="get" className="search-box">
        <label>
          {t("fields.from")} <DateField name="from" defaultValue={costs.from} />
        </label>
        <label>
          {t("fields.to")} <DateField name="to" defaultValue={costs.to} />
        </label>
        <select name="team_id" defaultValue={props.teamId} aria-label={t("fields.team")}>
          <option value="">{t("filters.allTeams")}</option>
          {props.teams.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <button type="submit" className="button">
          {t("costs.apply")}
        </button>
      </Form>
      {top.some((v) => v.total > 0) && (
        <OverviewChart option={option} label={t("costs.byVehicle")} testId="costs-chart" />
      )}
      <table className="table" data-testid="costs-vehicles">
        <caption>{t("costs.byVehicle")}</caption>
        <thead>{head(t("fields.vehicle"), t("costs.purchasePrice"))}</thead>
        <tbody>
          {costs.vehicles.map((v) => (
            <tr key={v.vehicle_id}>
              <td>{v.registration}</td>
              {cells(v)}
              <td>{n(v.purchase_price, 2)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="table" data-testid="costs-teams">
        <caption>{t("costs.byTeam")}</caption>
        <thead>{head(t("fields.team"))}</thead>
        <tbody>
          {costs.teams.map((r) => (
            <tr key={r.team_id ?? "none"}>
              <td>{r.name ?? t("none")}</td>
              {cells(r)}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
