import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { DateRangeField } from "../../../components/dates";
import type { AuditFilter } from "../../../../server/modules/audit/audit.schema";

/** A plain GET form: the filters live in the URL, so pages, links and the CSV download share them. */
export function AuditFilters({
  filter,
  authors,
  entities,
}: {
  filter: AuditFilter;
  authors: { id: string; name: string }[];
  entities: string[];
}) {
  const { t } = useTranslation("audit");
  return (
    <Form method="get" className="alert-filters" data-testid="audit-filters">
      <DateRangeField
        from={{ id: "audit-from", name: "from", label: t("filters.from"), defaultValue: filter.from ?? "" }}
        to={{ id: "audit-to", name: "to", label: t("filters.to"), defaultValue: filter.to ?? "" }}
      />
      <div className="field">
        <label htmlFor="audit-user">{t("filters.user")}</label>
        <select id="audit-user" name="user" defaultValue={filter.user ?? ""}>
          <option value="">{t("filters.anyone")}</option>
          {authors.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="audit-entity">{t("filters.entity")}</label>
        <select id="audit-entity" name="entity" defaultValue={filter.entity ?? ""}>
          <option value="">{t("filters.anything")}</option>
          {entities.map((e) => (
            <option key={e} value={e}>
              {t(`entities.${e}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="alert-filters-actions">
        <button type="submit" className="button primary">
          {t("filters.apply")}
        </button>
        <Link to="/configuration/audit-log" className="button">
          {t("filters.clear")}
        </Link>
      </div>
    </Form>
  );
}
