import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { requirePermission } from "../../../lib/route-kit.server";
import { TargetForm } from "../components/TargetForm";
import { addForwardingAction } from "../forwarding.server";
import type { Route } from "./+types/add";
import { FormPage } from "../../../components/FormPage";

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
  return (
    <FormPage
      title={t("newTitle")}
      back={{ to: "/configuration/forwarding", label: t("back") }}
      className="stack"
      actionData={actionData}
    >
      {(failure) => (
        <TargetForm result={failure?.reply} code={failure?.code} submitLabel={t("create")}>
          <Link to="/configuration/forwarding" className="button">
            {t("common:actions.cancel")}
          </Link>
        </TargetForm>
      )}
    </FormPage>
  );
}
