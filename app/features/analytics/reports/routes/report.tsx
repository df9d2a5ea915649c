import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FormAlert } from "../../../../components/forms";
import { formFailure } from "../../../../lib/form-failure";
import { ReportActions } from "../components/ReportActions";
import { ReportChart } from "../components/ReportChart";
import { ReportForm } from "../components/ReportForm";
import { ReportTableView } from "../components/ReportTableView";
import { reportAction, reportPage } from "../reports.server";
import type { Route } from "./+types/report";
import "../../../../styles/reports.css";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data && "title" in data ? `${data.title} · Flota` : "Flota" },
];

export function loader(args: Route.LoaderArgs) {
  return reportPage(args, args.params.type);
}

export function action(args: Route.ActionArgs) {
  return reportAction(args, args.params.type);
}

/** One report: its parameters, then (once shown) the chart, the table and the downloads. */
export default function Report({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("analytics");
  const d = loaderData;
  const failed = formFailure(actionData, "archive");
  return (
    <section className="report-page" data-testid="report-page">
      <p className="back-link">
        <Link to="/analytics/reports/list">{t("list.back")}</Link>
      </p>
      <header className="page-header">
        <h1>{d.title}</h1>
        <p className="muted">{d.answers}</p>
      </header>
      <FormAlert
        code={
          failed?.code ??
          (d.refusal && d.refusal.code !== "VEHICLE_REQUIRED" && !Object.keys(d.refusal.fields).length
            ? d.refusal.code
            : null)
        }
      />
      <ReportForm
        type={d.type}
        action={`/analytics/reports/${d.type}`}
        fields={d.fields}
        paramLabels={d.paramLabels}
        options={d.options}
        values={d.values}
        errors={d.refusal?.fields ?? {}}
        requiresVehicle={d.requiresVehicle}
        timeZone={d.timeZone}
      />
      {d.table && (
        <div className="report-result" data-testid="report-result">
          <ReportActions type={d.type} query={d.query} canArchive={d.canArchive} />
          {d.table.chart && <ReportChart chart={d.table.chart} svg={d.table.chartSvg} />}
          <ReportTableView table={d.table} />
        </div>
      )}
    </section>
  );
}
