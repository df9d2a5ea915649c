import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { Pagination } from "../../../components/ListControls";
import { auditLogLoader } from "../audit-log.server";
import { AuditFilters } from "../components/AuditFilters";
import { AuditTable } from "../components/AuditTable";
import type { Route } from "./+types/audit-log";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return auditLogLoader(request, context);
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("audit");
  const { search } = useLocation();
  const { page, filter, authors, entities, error, timezone } = loaderData;
  const csv = new URLSearchParams(search);
  csv.delete("page");
  return (
    <section>
      <header className="page-header">
        <div>
          <h1>{t("title")}</h1>
          <p className="muted">
            {t("intro")}
            {timezone && ` ${t("timezone", { timezone })}`}
          </p>
        </div>
        <a
          className="button"
          href={`/configuration/audit-log.csv${csv.size ? `?${csv}` : ""}`}
          data-testid="audit-csv"
          download
        >
          {t("export")}
        </a>
      </header>
      <AuditFilters filter={filter} authors={authors} entities={entities} />
      {error && (
        <div className="alert alert-error" role="alert">
          {t(`errors:${error}`)}
        </div>
      )}
      <AuditTable items={page.items} />
      {page.more && (
        <p className="muted" data-testid="audit-capped">
          {t("capped", { count: page.total })}
        </p>
      )}
      <Pagination page={page.page} pages={page.pages} total={page.total} />
    </section>
  );
}
