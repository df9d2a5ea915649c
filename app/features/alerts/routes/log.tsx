import { useTranslation } from "react-i18next";
import { Form, useLocation, useNavigation } from "react-router";
import { AlertFilters, periodErrorField } from "../components/AlertFilters";
import { AlertLogTable } from "../components/AlertLogTable";
import { CsrfInput, FormAlert } from "../../../components/forms";
import { Pagination } from "../../../components/ListControls";
import { failureFields, formFailure } from "../../../lib/form-failure";
import type { Route } from "./+types/log";
import { alertLogLoader, alertLogAction } from "../log.server";
import "../../../styles/alert-log.css";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export const loader = ({ request, context }: Route.LoaderArgs) => alertLogLoader(request, context);

export const action = ({ request, context }: Route.ActionArgs) => alertLogAction(request, context);

export default function AlertLog({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("alertLog");
  const navigation = useNavigation();
  const location = useLocation();
  const { items, values, error, timeZone } = loaderData;
  const unreadHere = items.filter((a) => a.read === false).map((a) => a.id);
  const busy = navigation.state === "submitting";
  const failure = formFailure(actionData);
  const csvQuery = new URLSearchParams(location.search);
  csvQuery.delete("page");
  csvQuery.delete("size");
  const csv = csvQuery.toString();
  return (
    <section className="alert-log-page">
      <header className="page-header">
        <h1>{t("log.title")}</h1>
        <p className="muted">{t("log.timezone", { timeZone })}</p>
      </header>
      <AlertFilters
        values={values}
        vehicles={loaderData.vehicles}
        policies={loaderData.policies}
        withUnread
        resetTo="/alerts/log"
        timeZone={timeZone}
        invalid={periodErrorField(error)}
      />
      {error && (
        <div className="alert alert-error" role="alert" id="period-error" data-testid="period-error" data-code={error}>
          {t(`errors.${error}`)}
        </div>
      )}
      {actionData?.ok === true && (
        <p className="alert alert-ok" role="status" data-testid="marked-read">
          {t("log.markedRead", { count: actionData.marked })}
        </p>
      )}
      {failure && <FormAlert code={failure.code} fields={failureFields(failure)} />}
      <div className="alert-log-actions">
        <Form method="post" className="inline">
          <CsrfInput />
          <input type="hidden" name="intent" value="read-page" />
          {unreadHere.map((id) => (
            <input key={id} type="hidden" name="id" value={id} />
          ))}
          <button
            type="submit"
            className="button"
            disabled={busy || unreadHere.length === 0}
            data-testid="mark-page-read"
          >
            {t("log.markPageRead")}
          </button>
        </Form>
        <Form method="post" className="inline">
          <CsrfInput />
          <input type="hidden" name="intent" value="read-all" />
          <button type="submit" className="button" disabled={busy} data-testid="mark-all-read">
            {t("log.markAllRead")}
          </button>
        </Form>
        {!error && (
          <a className="button" href={`/alerts/log.csv${csv ? `?${csv}` : ""}`} download data-testid="export-csv">
            {t("log.exportCsv")}
          </a>
        )}
      </div>
      <AlertLogTable items={items} timeZone={timeZone} canReplay={loaderData.canReplay} footage={loaderData.footage} />
      <Pagination page={loaderData.page} pages={loaderData.pages} total={loaderData.total} />
    </section>
  );
}
