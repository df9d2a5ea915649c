import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { reportList } from "../reports.server";
import type { Route } from "./+types/list";
import "../../../../styles/reports.css";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader(args: Route.LoaderArgs) {
  return reportList(args);
}

/** Every report type the user may run, grouped, each with the question it answers. */
export default function ReportList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("analytics");
  return (
    <section className="report-list" data-testid="report-list">
      <header className="page-header">
        <h1>{t("list.heading")}</h1>
        <p className="muted">{t("list.intro")}</p>
      </header>
      {loaderData.groups.map((g) => (
        <section key={g.group} className="report-group" data-testid={`report-group-${g.group}`}>
          <h2>{t(`groups.${g.group}`)}</h2>
          <ul className="report-cards">
            {g.reports.map((r) => (
              <li key={r.type} className="report-card" data-testid={`report-${r.type}`}>
                <Link to={r.href}>
                  <strong>{r.title}</strong>
                </Link>
                <p className="muted">{r.answers}</p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
