import { useTranslation } from "react-i18next";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { useChangeLanguage } from "remix-i18next/react";
import type { Route } from "./+types/root";
import { ErrorContent, errorStatus } from "./components/ErrorContent";
import { IntegrationErrorPage } from "./features/integrations/components/IntegrationShell";
import { MobileBanner } from "./components/MobileBanner";
import { NotificationsProvider } from "./components/Notifications";
import { UnsavedChangesGuard } from "./components/unsaved-changes";
import { UpdateBar } from "./components/UpdateBar";
import { htmlLang, type Language } from "./i18n/config";
import { HASH_HANDOFF_SCRIPT } from "./lib/hash-handoff";
import { useRouteChunkWatchdog } from "./lib/use-chunk-watchdog";
import { isIntegrationPath } from "../server/shared/integration-paths";
import "./styles/app.css";
import { skipRevalidationWhenQueued } from "./lib/queued-answer";
import { rootLoader } from "./lib/root.server";

export const loader = ({ request, context }: Route.LoaderArgs) => rootLoader(request, context);

export const shouldRevalidate = skipRevalidationWhenQueued;

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const { i18n } = useTranslation();
  const locale = (data?.locale ?? i18n.language ?? "al") as Language;
  const location = useLocation();
  // Integrations views (/int…) hide the mobile banner; the hash form (#/int/…) never renders here: the <head>
  // script goes to the path form first.
  const integration = isIntegrationPath(location.pathname);
  return (
    <html lang={htmlLang(locale)} data-locale={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script dangerouslySetInnerHTML={{ __html: HASH_HANDOFF_SCRIPT }} />
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
  useRouteChunkWatchdog();
  return (
    <>
      <UnsavedChangesGuard />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  if (errorStatus(error) >= 500) console.error(error);
  // A failure on a public integrations page keeps the public frame.
  if (isIntegrationPath(location.pathname)) return <IntegrationErrorPage error={error} />;
  return (
    <main className="error-page" data-testid="error-page">
      <ErrorContent error={error} />
    </main>
  );
}
