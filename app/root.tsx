import { useTranslation } from "react-i18next";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useLocation, useRouteError, useRouteLoaderData } from "react-router";
import { useChangeLanguage } from "remix-i18next/react";
import type { Route } from "./+types/root";
import { MobileBanner } from "./components/MobileBanner";
import { NotificationsProvider } from "./components/Notifications";
import { UpdateBar } from "./components/UpdateBar";
import { htmlLang, type Language } from "./i18n/config";
import { resolveLanguage } from "./i18n/i18n.server";
import { detectPlatform } from "./lib/platform";
import { parseCookies } from "../server/security/cookies";
import "./styles/app.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  const p = context.principal;
  const locale = resolveLanguage(request, p?.language);
  const cookies = parseCookies(request.headers.get("Cookie"));
  return {
    locale,
    csrfToken: context.csrfToken,
    buildId: context.app.buildId,
    platform: detectPlatform(request.headers.get("User-Agent")),
    bannerDismissed: cookies.banner_dismissed === "1",
    user: p ? { id: p.userId, name: `${p.firstName} ${p.lastName}`, role: p.role.name, permissions: [...p.permissions] } : null,
  };
}

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const { i18n } = useTranslation();
  const locale = (data?.locale ?? i18n.language ?? "al") as Language;
  const location = useLocation();
  // Integrations views (/int/...) hide the mobile banner.
  const integration = location.pathname.startsWith("/int/") || location.hash.includes("/int/");
  return (
    <html lang={htmlLang(locale)} data-locale={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {data && !integration && !data.bannerDismissed && <MobileBanner platform={data.platform} />}
        <NotificationsProvider>{children}</NotificationsProvider>
        {data && <UpdateBar buildId={data.buildId} />}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useChangeLanguage(loaderData.locale);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="error-page" data-testid="error-page">
      <h1>{status === 404 ? t("errorPage.notFound") : status === 403 ? t("errorPage.forbidden") : t("errorPage.title")}</h1>
      <p>{t("errorPage.body")}</p>
      <p><a href="/manage">{t("errorPage.home")}</a></p>
    </main>
  );
}
