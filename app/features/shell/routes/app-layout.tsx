import { useTranslation } from "react-i18next";
import { Outlet, useRouteError, type ShouldRevalidateFunctionArgs } from "react-router";
import { AlertBell } from "../../alerts/components/AlertBell";
import { ReminderBell } from "../../maintenance/components/ReminderBell";
import { ErrorContent, errorStatus } from "../../../components/ErrorContent";
import { LanguageSwitch } from "../../../components/LanguageSwitch";
import type { NavGroup, NavIconName } from "../../../lib/navigation";
import { SideNav } from "../components/SideNav";
import { UserMenu } from "../components/UserMenu";
import { appLayoutLoader } from "../shell.server";
import type { Route } from "./+types/app-layout";
import "../../../styles/alert-log.css";
import { SupportBanner, type SupportBannerData } from "../../admin/components/SupportBanner";
import { HeaderSearch } from "../../search/components/HeaderSearch";

export function loader({ request, context }: Route.LoaderArgs) {
  return appLayoutLoader(context, request);
}

/**
 * Opening a reminder reads its notices (maintenance.server.ts, in a loader that runs beside this one): the header's
 * counts are loaded again on the way to the reminders and the notifications, so the bell drops what was read.
 */
export function shouldRevalidate({ nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return defaultShouldRevalidate || /^\/maintenance\/(notifications|reminders)(\/|$)/.test(nextUrl.pathname);
}

interface ChromeProps {
  nav: { to: string; labelKey: string; icon: NavIconName; group: NavGroup }[];
  user?: { name: string; role: string };
  /** the alert bell: shown to users who may read alerts */
  alerts?: { unread: number } | null;
  /** unread maintenance-reminder notifications: shown to users who may read maintenance */
  reminders?: number | null;
  loadedAt?: number;
  /** a support session: marked above the header, with the way back */
  support?: SupportBannerData | null;
  /** the side navigation folded to icons (kept per user) */
  navCollapsed?: boolean;
  children: React.ReactNode;
}

function Chrome({ nav, user, alerts, reminders, loadedAt, support, navCollapsed = false, children }: ChromeProps) {
  const { t } = useTranslation();
  return (
    <div className={navCollapsed ? "app-shell nav-collapsed" : "app-shell"}>
      <a className="skip-link" href="#content">
        {t("nav.skip")}
      </a>
      {support && <SupportBanner support={support} />}
      <header className="topbar">
        <a className="brand" href="/manage">
          <img src="/favicon.svg" alt="" width={24} height={24} />
          <span>{t("appName")}</span>
        </a>
        {user && <HeaderSearch />}
        <div className="topbar-user">
          {alerts && <AlertBell unread={alerts.unread} loadedAt={loadedAt} live />}
          {reminders != null && <ReminderBell unread={reminders} loadedAt={loadedAt} live />}
          <LanguageSwitch />
          {user && <UserMenu user={user} />}
        </div>
      </header>
      <div className="app-body">
        {nav.length > 0 && <SideNav nav={nav} collapsed={navCollapsed} />}
        <main id="content" className="content">
          {children}
        </main>
      </div>
    </div>
  );
}

export default function AppLayout({ loaderData }: Route.ComponentProps) {
  return (
    <Chrome
      nav={loaderData.nav}
      user={loaderData.user}
      alerts={loaderData.alerts ? { unread: loaderData.unreadAlerts } : null}
      reminders={loaderData.reminders}
      loadedAt={loaderData.loadedAt}
      support={loaderData.support}
      navCollapsed={loaderData.navCollapsed}
    >
      <Outlet />
    </Chrome>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (errorStatus(error) >= 500) console.error(error);
  return (
    <Chrome nav={[]}>
      <section className="error-page" data-testid="error-page">
        <ErrorContent error={error} />
      </section>
    </Chrome>
  );
}
