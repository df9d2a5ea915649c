import { useTranslation } from "react-i18next";
import { data } from "react-router";

/** Any other /int address: the public "not found" (status 404) in the integrations layout, never a login redirect. */
export const loader = () => data(null, { status: 404 });
export const action = loader;

/** Also the page of the catch-all route for an unknown /intXYZ address, there in its own shell. */
export default function IntegrationNotFound() {
  const { t } = useTranslation();
  return (
    <section className="int-card error-page" data-testid="error-page">
      <h1>{t("errorPage.notFound")}</h1>
      <p>{t("errorPage.notFoundPublic")}</p>
    </section>
  );
}
