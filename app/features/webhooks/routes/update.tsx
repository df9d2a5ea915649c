import { useTranslation } from "react-i18next";
import { Form, Link, useSearchParams } from "react-router";
import { DeleteConfirm } from "../../../components/DeleteConfirm";
import { CsrfInput } from "../../../components/forms";
import { formFailure } from "../../../lib/form-failure";
import { SecretOnce } from "../components/SecretOnce";
import { WebhookForm } from "../components/WebhookForm";
import { webhookAction, webhookLoader } from "../webhooks.server";
import type { Route } from "./+types/update";
import { FormPage } from "../../../components/FormPage";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ params, ...args }: Route.LoaderArgs) {
  return webhookLoader(args, params.id);
}
export function action({ params, ...args }: Route.ActionArgs) {
  return webhookAction(args, params.id);
}

export default function UpdateWebhook({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("webhooks");
  const [params] = useSearchParams();
  const { webhook, confirmDelete } = loaderData;
  const saveFailure = formFailure(actionData, "save");
  const deleteCode = formFailure(actionData, "delete")?.code ?? null;
  const rotated = actionData && "rotated" in actionData ? actionData.rotated : null;
  return (
    <FormPage title={t("edit")} back={{ to: "/configuration/webhooks", label: t("back") }} className="stack">
      {params.has("saved") && !actionData && (
        <div className="alert alert-ok" role="status" data-testid="notice">
          {t("saved")}
        </div>
      )}
      {rotated && <SecretOnce secret={rotated.secret} notice={t("rotated")} />}
      {webhook.failing && (
        <div className="alert alert-warn" role="status">
          {t("statusFailing")}
        </div>
      )}
      <WebhookForm
        key={webhook.version}
        result={saveFailure?.reply}
        code={saveFailure?.code}
        defaultValue={{
          url: webhook.url,
          description: webhook.description,
          events: webhook.events,
          active: webhook.active ? "on" : "",
        }}
        submitLabel={t("save")}
      >
        <Link to="/configuration/webhooks" className="button">
          {t("cancel")}
        </Link>
      </WebhookForm>
      <div className="form-actions">
        <Link to={`/configuration/webhooks/deliveries/${webhook.id}`} className="button" data-testid="delivery-log">
          {t("deliveries")}
        </Link>
        <Form method="post">
          <CsrfInput />
          <input type="hidden" name="intent" value="test" />
          <button type="submit" className="button" data-testid="send-test">
            {t("sendTest")}
          </button>
        </Form>
        <Form method="post">
          <CsrfInput />
          <input type="hidden" name="intent" value="rotate" />
          <button type="submit" className="button" data-testid="rotate-secret">
            {t("rotateSecret")}
          </button>
        </Form>
      </div>
      <DeleteConfirm
        confirming={confirmDelete || Boolean(deleteCode)}
        label={t("delete")}
        question={t("deleteConfirm")}
        code={deleteCode}
      />
    </FormPage>
  );
}
