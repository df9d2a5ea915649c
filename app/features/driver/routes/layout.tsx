import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import {
  Form,
  NavLink,
  Outlet,
  isRouteErrorResponse,
  useLocation,
  useNavigation,
  useRevalidator,
  useRouteError,
} from "react-router";
import { ErrorContent } from "../../../components/ErrorContent";
import { CsrfInput } from "../../../components/forms";
import { LanguageSwitch } from "../../../components/LanguageSwitch";
import { DriverQueueProvider } from "../components/DriverQueue";
import { InstallPrompt } from "../components/InstallPrompt";
import "../components/driver.css";
import { driverLayoutLoader } from "../driver.server";
import type { Route } from "./+types/layout";
import { skipRevalidationWhenQueued } from "../../../lib/queued-answer";

export const meta: Route.MetaFunction = () => [
  { title: "Flota" },
  { name: "theme-color", content: "#0f5c8c" },
  { name: "apple-mobile-web-app-capable", content: "yes" },
];

export const links: Route.LinksFunction = () => [
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/icon-192.png" },
];

export const shouldRevalidate = skipRevalidationWhenQueued;

export const loader = ({ request, context }: Route.LoaderArgs) => driverLayoutLoader(context, request);

/** Registers the service worker and hands it what this page loaded, so the page opens again offline. */
function useServiceWorker() {
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    const handOver = (worker: ServiceWorker) => {
      const urls = performance
        .getEntriesByType("resource")
        .map((e) => e.name)
        .filter((u) => new URL(u).origin === location.origin);
      worker.postMessage({ type: "cache", urls: [location.pathname + location.search, ...urls] });
    };
    navigator.serviceWorker
      .register("/sw.js", { scope: "/driver" })
      .then((reg) => {
        if (reg.active) return handOver(reg.active);
        const next = reg.installing ?? reg.waiting;
        next?.addEventListener("statechange", () => {
          if (next.state === "activated") handOver(next);
        });
      })
      .catch(() => {});
  }, []);
}

/**
 * After every navigation or revalidation the worker fetches the page again, so the copy it opens offline is the
 * newest the driver has seen (a check-in just made shows as made).
 */
function useFreshOfflineCopy() {
  const location = useLocation();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const idle = navigation.state === "idle" && revalidator.state === "idle";
  useEffect(() => {
    if (!idle || !navigator.onLine) return;
    navigator.serviceWorker?.controller?.postMessage({ type: "cache", urls: [location.pathname + location.search] });
  }, [idle, location.pathname, location.search]);
}

/** The driver's frame: one column for one hand, the day's sections as large tabs, the offline queue's panel. */
export default function DriverLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("driver");
  useServiceWorker();
  useFreshOfflineCopy();
  const tabs = [
    { to: "/driver", key: "jobs", end: true },
    ...(loaderData.canCars ? [{ to: "/driver/cars", key: "cars", end: false }] : []),
    { to: "/driver/check", key: "check", end: false },
  ];
  return (
    <div className="driver-app" data-testid="driver-app">
      <header className="driver-header">
        <strong className="driver-title">{t("appName")}</strong>
        <span className="driver-user">{loaderData.name}</span>
        <LanguageSwitch />
        <Form
          method="post"
          action="/logout"
          onSubmit={() => navigator.serviceWorker?.controller?.postMessage({ type: "clear" })}
        >
          <CsrfInput />
          <button type="submit" className="driver-link-button" data-testid="driver-logout">
            {t("nav.logout")}
          </button>
        </Form>
      </header>
      <nav className="driver-tabs" aria-label={t("nav.main")}>
        {tabs.map((tab) =>
          tab.key === "check" ? (
            // a full page load: the vehicle check is its own page of the app
            <a key={tab.key} href={tab.to} data-testid="vehicle-check-link">
              {t(`nav.${tab.key}`)}
            </a>
          ) : (
            <NavLink key={tab.key} to={tab.to} end={tab.end}>
              {t(`nav.${tab.key}`)}
            </NavLink>
          ),
        )}
      </nav>
      <InstallPrompt platform={loaderData.platform} />
      <DriverQueueProvider>
        <main className="driver-main">
          <Outlet />
        </main>
      </DriverQueueProvider>
    </div>
  );
}

/** A web-only account is told why the phone app is refused to it; anything else is the usual error page. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const webOnly = isRouteErrorResponse(error) && (error.data as { error?: string })?.error === "WEB_ONLY_ACCOUNT";
  return (
    <main className="error-page" data-testid="error-page">
      {webOnly ? (
        <>
          <h1>{t("errorPage.forbidden")}</h1>
          <p data-testid="web-only">{t("errors:WEB_ONLY_ACCOUNT")}</p>
          <p>
            <a href="/manage">{t("errorPage.home")}</a>
          </p>
        </>
      ) : (
        <ErrorContent error={error} />
      )}
    </main>
  );
}
