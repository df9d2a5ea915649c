import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formFailure } from "../../../lib/form-failure";
import { requirePermission } from "../../../lib/route-kit.server";
import { TargetForm } from "../components/TargetForm";
import { addForwardingAction } from "../forwarding.server";
import type { Route } from "./+types/add";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(context, request, "organization:write");
  return null;
}

export function action(args: Route.ActionArgs) {
  return addForwardingAction(args);
}

export default function AddForwardingTarget({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("forwarding");
  const failure = formFailure(actionData);
  return (
    <section className="stack">
      <header className="page-header">
        <h1>{t("newTitle")}</h1>
        <Link to="/configuration/forwarding">{t("back")}</Link>
      </header>
      <TargetForm result={failure?.reply} code={failure?.code} submitLabel={t("create")}>
        <Link to="/configuration/forwarding" className="button">
          {t("common:actions.cancel")}
        </Link>
      </TargetForm>
    </section>
  );
}
