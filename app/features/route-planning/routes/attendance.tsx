import { useTranslation } from "react-i18next";
import { Form, useSearchParams } from "react-router";
import { DateField } from "../../../components/dates";
import { CsrfInput, FormAlert } from "../../../components/forms";
import { ListPage } from "../../../components/ListPage";
import { RecordTable } from "../../../components/RecordTable";
import { failureFields, failureValues, formFailure } from "../../../lib/form-failure";
import { attendanceAction, attendanceLoader } from "../attendance.server";
import { Input, TimeInput } from "../components/fields";
import type { Route } from "./+types/attendance";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return attendanceLoader(context, request);
}

export function action({ request, context }: Route.ActionArgs) {
  return attendanceAction(context, request);
}

export default function Attendance({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("routePlanning");
  const [params] = useSearchParams();
  const failure = formFailure(actionData);
  const values = failureValues(failure) ?? {};
  const errors = failureFields(failure);
  const { active, days, rules, users, canWrite, from, to } = loaderData;
  return (
    <ListPage
      className="stack"
      title={t("attendance.title")}
      notices={
        <>
          {params.get("applied") && (
            <div className="alert alert-ok" role="status">
              {t("attendance.applied", { count: Number(params.get("applied")) })}
            </div>
          )}
          {!active && (
            <div className="alert" role="status" data-testid="attendance-inactive">
              {t("attendance.inactive")}
            </div>
          )}
        </>
      }
      filters={
        active && (
          <Form method="get" className="form-actions">
            <label>
              {t("filter.from")} <DateField name="from" defaultValue={from} />
            </label>
            <label>
              {t("filter.to")} <DateField name="to" defaultValue={to} />
            </label>
            <button type="submit" className="button">
              {t("filter.show")}
            </button>
          </Form>
        )
      }
    >
      {active && (
        <RecordTable
          testId="attendance-days"
          rows={days}
          rowKey={(d) => d.id}
          rowProps={(d) => ({ "data-late": d.late ? "true" : undefined })}
          columns={[
            { header: t("fields.day"), cell: (d) => d.day },
            { header: t("fields.user"), cell: (d) => d.user_name },
            { header: t("attendance.start"), cell: (d) => d.start },
            {
              header: t("attendance.startedAt"),
              cell: (d) => d.startedAt ?? <span className="muted">—</span>,
              cellProps: () => ({ "data-testid": "attendance-start-address" }),
            },
            { header: t("attendance.end"), cell: (d) => d.end },
            { header: t("fields.start_threshold"), cell: (d) => d.threshold?.slice(0, 5) },
            {
              header: t("fields.punctuality"),
              hiddenHeader: true,
              cell: (d) =>
                d.late ? (
                  <span className="badge punctuality-late">{t("attendance.late")}</span>
                ) : (
                  t("attendance.onTime")
                ),
            },
          ]}
          empty={t("attendance.noDays")}
        />
      )}
      <section className="card stack">
        <h2>{t("attendance.rules")}</h2>
        <ul>
          {rules.map((r) => (
            <li key={r.id}>
              {r.name}: {r.start_threshold.slice(0, 5)} ({t("attendance.ruleUsers", { count: Number(r.users ?? 0) })})
            </li>
          ))}
        </ul>
        {canWrite && (
          <Form data-unsaved-guard method="post" noValidate className="stack" data-testid="attendance-rule-form">
            <CsrfInput />
            <h3>{t("attendance.addRule")}</h3>
            <p className="muted">{t("attendance.ruleHint")}</p>
            <FormAlert code={failure?.code} fields={errors} />
            <div className="form-grid">
              <Input name="name" label={t("fields.ruleName")} values={values} errors={errors} required />
              <TimeInput
                name="start_threshold"
                label={t("fields.start_threshold")}
                values={values}
                errors={errors}
                required
              />
            </div>
            <fieldset>
              <legend>{t("fields.users")}</legend>
              {users.map((u) => (
                <label key={u.id} className="checkbox">
                  <input type="checkbox" name="user_ids" value={u.id} /> {u.name}
                </label>
              ))}
            </fieldset>
            <div className="form-actions">
              <button type="submit" className="button primary">
                {t("attendance.apply")}
              </button>
            </div>
          </Form>
        )}
      </section>
    </ListPage>
  );
}
