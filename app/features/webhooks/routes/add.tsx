import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formFailure } from "../../../lib/form-failure";
import { SecretOnce } from "../components/SecretOnce";
import { WebhookForm } from "../components/WebhookForm";
import { addPageLoader, addWebhookAction } from "../webhooks.server";
import type { Route } from "./+types/add";
import { FormPage } from "../../../components/FormPage";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader(args: Route.LoaderArgs) {
  return addPageLoader(args);
}

export function action(args: Route.ActionArgs) {
  return addWebhookAction(args);
}

export default function AddWebhook({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("webhooks");
  const failure = formFailure(actionData);
  const created = actionData && "created" in actionData ? actionData.created : null;
  if (created) {
    return (
      <FormPage title={t("add")} back={{ to: "/configuration/webhooks", label: t("back") }} className="stack">
        <SecretOnce secret={created.secret} notice={t("created")} />
        <p>
          <code>{created.url}</code>
        </p>
        <div className="form-actions">
          <Link
            to={`/configuration/webhooks/update/${created.id}`}
            className="button primary"
            data-testid="open-webhook"
          >
            {t("edit")}
          </Link>
          <Link to="/configuration/webhooks" className="button">
            {t("back")}
          </Link>
        </div>
      </FormPage>
    );
  }
  return (
    <FormPage title={t("add")} back={{ to: "/configuration/webhooks", label: t("back") }} className="stack">
      <p className="muted">{t("intro")}</p>
      <WebhookForm result={failure?.reply} code={failure?.code} submitLabel={t("save")}>
        <Link to="/configuration/webhooks" className="button">
          {t("cancel")}
        </Link>
      </WebhookForm>
    </FormPage>
  );
}
