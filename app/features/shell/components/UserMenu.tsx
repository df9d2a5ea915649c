import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useLocation } from "react-router";
import { CsrfInput } from "../../../components/forms";

/** The signed-in user's name opens their profile and the way out; a <details>, so it opens without JavaScript. */
export function UserMenu({ user }: { user: { name: string; role: string } }) {
  const { t } = useTranslation();
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = menu.current;
      if (e.key !== "Escape" || !el?.open) return;
      el.open = false;
      el.querySelector("summary")?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      const el = menu.current;
      if (el?.open && !el.contains(e.target as Node)) el.open = false;
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, []);

  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.pathname]);

  return (
    <details className="user-menu" ref={menu}>
      <summary className="user-chip" aria-label={t("nav.userMenu", { name: user.name })}>
        {user.name}
      </summary>
      <div className="user-menu-panel">
        <p className="muted">{user.role}</p>
        <Link to="/configuration/profile">{t("nav.profile")}</Link>
        <Form method="post" action="/logout">
          <CsrfInput />
          <button type="submit" className="link-button" data-testid="logout">
            {t("nav.logout")}
          </button>
        </Form>
      </div>
    </details>
  );
}
