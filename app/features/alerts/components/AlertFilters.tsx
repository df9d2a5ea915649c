import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { ALERT_TYPES } from "../../../../server/modules/alerts/alerts.schema";
import { DateRangeField } from "../../../components/dates";
import { alertTypeLabel } from "./alert-text";

export interface FilterValues {
  from: string;
  to: string;
  vehicle: string;
  type: string;
  policy?: string;
  unread?: boolean;
}

interface Props {
  values: FilterValues;
  vehicles: { id: string; registration: string }[];
  /** the log also filters by policy and unread; the overview does not */
  policies?: { id: string; name: string }[];
  withUnread?: boolean;
  resetTo: string;
  /** which date input to mark invalid */
  invalid?: "from" | "to" | null;
  /** the organisation's zone, for "today" in the calendar */
  timeZone?: string;
}

/** Which date field a period error of the log or overview (PeriodError in log.server) is about, to mark it invalid. */
export const periodErrorField = (error: string | null): "from" | "to" | null =>
  error === "reversed" || error === "invalidTo" ? "to" : error === "tooLong" || error === "invalidFrom" ? "from" : null;

/** GET form of the log and the overview: works without JavaScript, the filters live in the query string. */
export function AlertFilters({ values, vehicles, policies, withUnread, resetTo, invalid, timeZone }: Props) {
  const { t } = useTranslation("alertLog");
  return (
    <Form key={JSON.stringify(values)} method="get" className="alert-filters" data-testid="alert-filters" role="search">
      <DateRangeField
        timeZone={timeZone}
        from={{
          id: "af-from",
          name: "from",
          label: t("filters.from"),
          defaultValue: values.from,
          invalid: invalid === "from",
          "aria-describedby": invalid === "from" ? "period-error" : undefined,
        }}
        to={{
          id: "af-to",
          name: "to",
          label: t("filters.to"),
          defaultValue: values.to,
          invalid: invalid === "to",
          "aria-describedby": invalid === "to" ? "period-error" : undefined,
        }}
      />
      <div className="field">
        <label htmlFor="af-vehicle">{t("filters.vehicle")}</label>
        <select id="af-vehicle" name="vehicle" defaultValue={values.vehicle}>
          <option value="">{t("filters.all")}</option>
          {vehicles.map((v) => (
            <option key={v.id} value={v.id}>
              {v.registration}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="af-type">{t("filters.type")}</label>
        <select id="af-type" name="type" defaultValue={values.type}>
          <option value="">{t("filters.all")}</option>
          {ALERT_TYPES.map((type) => (
            <option key={type} value={type}>
              {alertTypeLabel(t, type)}
            </option>
          ))}
        </select>
      </div>
      {policies && (
        <div className="field">
          <label htmlFor="af-policy">{t("filters.policy")}</label>
          <select id="af-policy" name="policy" defaultValue={values.policy ?? ""}>
            <option value="">{t("filters.all")}</option>
            {policies.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {withUnread && (
        <div className="field checkbox">
          <input id="af-unread" type="checkbox" name="unread" value="1" defaultChecked={values.unread} />
          <label htmlFor="af-unread">{t("filters.unreadOnly")}</label>
        </div>
      )}
      <div className="alert-filters-actions">
        <button type="submit" className="button primary">
          {t("filters.apply")}
        </button>
        <Link to={resetTo} className="button">
          {t("filters.reset")}
        </Link>
      </div>
    </Form>
  );
}
