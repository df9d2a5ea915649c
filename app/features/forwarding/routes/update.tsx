import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { DeleteConfirm } from "../../../components/DeleteConfirm";
import { formFailure } from "../../../lib/form-failure";
import { TargetForm } from "../components/TargetForm";
import { forwardingTargetAction, forwardingTargetLoader } from "../forwarding.server";
import type { Route } from "./+types/update";
import { FormPage } from "../../../components/FormPage";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ params, ...args }: Route.LoaderArgs) {
  return forwardingTargetLoader(args, params.id);
}
export function action({ params, ...args }: Route.ActionArgs) {
  return forwardingTargetAction(args, params.id);
}

export default function UpdateForwardingTarget({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("forwarding");
  const [params] = useSearchParams();
  const { target, confirmDelete } = loaderData;
  const saveFailure = formFailure(actionData, "save");
  const deleteCode = formFailure(actionData, "delete")?.code ?? null;
  const notice = params.has("created") ? "created" : params.has("saved") ? "saved" : null;
  return (
    <FormPage
      title={t("editTitle", { name: target.name })}
      back={{ to: "/configuration/forwarding", label: t("back") }}
      className="stack"
    >
      {notice && !actionData && (
        <div className="alert alert-ok" role="status" data-testid="notice">
          {t(notice)}
        </div>
      )}
      <dl className="card details" data-testid="forwarding-status">
        <dt>{t("status.last")}</dt>
        <dd>
          {target.last_status
            ? `${t(`status.${target.last_status}`)} · ${target.last_attempt_text}`
            : t("status.never")}
        </dd>
        {target.last_status === "failed" && target.last_error && (
          <>
            <dt>{t("status.error")}</dt>
            <dd data-testid="last-error">{target.last_error}</dd>
          </>
        )}
        <dt>{t("status.lastSuccess")}</dt>
        <dd>{target.last_success_text ?? t("status.never")}</dd>
        <dt>{t("status.sent")}</dt>
        <dd>{target.sent_count}</dd>
        <dt>{t("status.failedBatches")}</dt>
        <dd>{target.failed_batches}</dd>
        <dt>{t("status.dropped")}</dt>
        <dd>{target.dropped_count}</dd>
      </dl>
      <p className="muted">{t("signatureHelp", { header: "X-Flota-Signature" })}</p>
      <TargetForm
        key={target.version}
        existing
        result={saveFailure?.reply}
        code={saveFailure?.code}
        defaultValue={{
          name: target.name,
          kind: target.kind,
          url: target.url,
          topic: target.topic ?? "",
          secret: target.secret,
          active: String(target.active),
        }}
        submitLabel={t("common:actions.save")}
      />
      <DeleteConfirm
        confirming={confirmDelete || Boolean(deleteCode)}
        label={t("delete")}
        question={t("confirmDelete", { name: target.name })}
        code={deleteCode}
      />
    </FormPage>
  );
}
