import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, NavLink, useLocation } from "react-router";
import { CsrfInput } from "../../../components/forms";
import { NavIcon } from "../../../components/NavIcon";
import { groupNav, type NavGroup, type NavIconName } from "../../../lib/navigation";

/** Wider than this the navigation is a side column; narrower it opens from the menu button. */
const WIDE = "(min-width: 960px)";

interface SideNavProps {
  nav: { to: string; labelKey: string; icon: NavIconName; group: NavGroup }[];
  collapsed: boolean;
}

/**
 * The sections in their groups. It is one <details>: on wide screens its summary (the menu button) is hidden and
 * the list always shows as a side column; on narrow ones the button opens it, without JavaScript too. With
 * JavaScript, Escape and opening a page close it again. The fold-to-icons button is a form, kept per user.
 */
export function SideNav({ nav, collapsed }: SideNavProps) {
  const { t } = useTranslation();
  const drawer = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  useEffect(() => {
    const el = drawer.current;
    if (!el) return;
    const wide = window.matchMedia(WIDE);
    // browsers without ::details-content show a closed <details>' content on no screen: keep it open where wide
    const sync = () => {
      el.open = wide.matches;
    };
    sync();
    wide.addEventListener("change", sync);
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || wide.matches || !el.open) return;
      el.open = false;
      el.querySelector("summary")?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      wide.removeEventListener("change", sync);
      document.removeEventListener("keydown", onKey);
    };
  }, []);

  useEffect(() => {
    const el = drawer.current;
    if (el && !window.matchMedia(WIDE).matches) el.open = false;
  }, [location.pathname]);

  return (
    <details className="nav-drawer" ref={drawer} data-testid="nav-drawer">
      <summary className="nav-toggle" data-testid="nav-toggle">
        <svg viewBox="0 0 24 24" width={20} height={20} aria-hidden="true" focusable="false">
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth={2} strokeLinecap="round" />
        </svg>
        <span>{t("nav.menu")}</span>
      </summary>
      <nav aria-label={t("nav.main")} className="side-nav">
        {groupNav(nav).map(({ group, items }) => (
          <div key={group} className="nav-group">
            <p className="nav-group-title" id={`nav-group-${group}`}>
              {t(`nav.groups.${group}`)}
            </p>
            <ul aria-labelledby={`nav-group-${group}`}>
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    className={({ isActive }) => (isActive ? "active" : undefined)}
                    title={collapsed ? t(item.labelKey) : undefined}
                  >
                    <NavIcon name={item.icon} />
                    <span className="nav-label">{t(item.labelKey)}</span>
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <Form method="post" action="/preferences" className="nav-fold">
          <CsrfInput />
          <input type="hidden" name="intent" value="nav" />
          <input type="hidden" name="collapsed" value={collapsed ? "0" : "1"} />
          <button type="submit" className="nav-fold-button" aria-pressed={collapsed} data-testid="nav-fold">
            <svg viewBox="0 0 24 24" width={20} height={20} aria-hidden="true" focusable="false">
              <path
                d={collapsed ? "M9 6l6 6-6 6" : "M15 6l-6 6 6 6"}
                stroke="currentColor"
                strokeWidth={2}
                fill="none"
                strokeLinecap="round"
              />
            </svg>
            <span className="nav-label">{t("nav.fold")}</span>
          </button>
        </Form>
      </nav>
    </details>
  );
}
