import { useTranslation } from "react-i18next";
import { Form, data, useLocation, useNavigation } from "react-router";
import { markAlertsRead } from "../../../../server/modules/alerts/alerts.service";
import { AlertFilters } from "../components/AlertFilters";
import { AlertLogTable } from "../components/AlertLogTable";
import { CsrfInput, FormAlert } from "../../../components/forms";
import { Pagination } from "../../../components/ListControls";
import { loadLogPage, logFilterOptions } from "../log.server";
import { actionError, readForm, requirePermission } from "../../../lib/route-kit.server";
import type { Route } from "./+types/log";
import "../../../styles/alert-log.css";
import { can } from "../../../lib/permissions";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const p = requirePermission(context, request, "alerts:read");
  const url = new URL(request.url);
  const [page, options] = await Promise.all([loadLogPage(context, p, url), logFilterOptions(context, p)]);
  const payload = { ...page, ...options, canReplay: can(p, "replay:read") };
  return data(payload, { status: page.error ? 400 : 200 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const p = requirePermission(context, request, "alerts:read");
  const form = await readForm(request, context);
  const intent = form.get("intent");
  const ids = form.getAll("id").filter((v): v is string => typeof v === "string" && v !== "");
  try {
    const marked = await markAlertsRead(context.app, p, intent === "read-all" ? "all" : ids);
    return { ok: true as const, marked };
  } catch (err) {
    return actionError(err);
  }
}

export default function AlertLog({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("alertLog");
  const navigation = useNavigation();
  const location = useLocation();
  const { items, values, error, timeZone } = loaderData;
  const unreadHere = items.filter((a) => a.read === false).map((a) => a.id);
  const busy = navigation.state === "submitting";
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
      <AlertFilters values={values} vehicles={loaderData.vehicles} policies={loaderData.policies} withUnread resetTo="/alerts/log"
        invalid={error === "reversed" ? "to" : error === "tooLong" ? "from" : null} />
      {error && <div className="alert alert-error" role="alert" data-testid="period-error" data-code={error}>{t(`errors.${error}`)}</div>}
      {actionData && "ok" in actionData && actionData.ok && (
        <p className="alert alert-ok" role="status" data-testid="marked-read">{t("log.markedRead", { count: actionData.marked })}</p>
      )}
      {actionData && !actionData.ok && <FormAlert code={actionData.code} fields={actionData.fields} />}
      <div className="alert-log-actions">
        <Form method="post" className="inline">
          <CsrfInput />
          <input type="hidden" name="intent" value="read-page" />
          {unreadHere.map((id) => <input key={id} type="hidden" name="id" value={id} />)}
          <button type="submit" className="button" disabled={busy || unreadHere.length === 0} data-testid="mark-page-read">{t("log.markPageRead")}</button>
        </Form>
        <Form method="post" className="inline">
          <CsrfInput />
          <input type="hidden" name="intent" value="read-all" />
          <button type="submit" className="button" disabled={busy} data-testid="mark-all-read">{t("log.markAllRead")}</button>
        </Form>
        {!error && <a className="button" href={`/alerts/log.csv${csv ? `?${csv}` : ""}`} download data-testid="export-csv">{t("log.exportCsv")}</a>}
      </div>
      <AlertLogTable items={items} timeZone={timeZone} canReplay={loaderData.canReplay} />
      <Pagination page={loaderData.page} pages={loaderData.pages} total={loaderData.total} />
    </section>
  );
}
