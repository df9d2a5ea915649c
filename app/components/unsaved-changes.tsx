import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useBlocker } from "react-router";

/**
 * The prompt before leaving unsaved changes (spec: unsaved changes prompt a confirmation), for every form that edits
 * data. A form takes part by carrying the attribute `data-unsaved-guard` (`<Form method="post" data-unsaved-guard>`);
 * this one component, rendered once by the root, watches them all. Typing or choosing in such a form marks it
 * changed; submitting it clears the mark; leaving for another path while a changed form is still on the page asks
 * first (the router's navigation, and the browser's own prompt on reload or closing the tab). One guard for the whole
 * app because the router honours only one blocker at a time: a page with several forms (TMS settings, video) would
 * otherwise protect only the last. tests/foundation/unsaved-changes.test.ts finds every data-editing form and checks
 * it carries the attribute. Only with JavaScript: without it there is nothing to ask with.
 */
export const UNSAVED_GUARD_ATTRIBUTE = "data-unsaved-guard";

export function UnsavedChangesGuard() {
  const { t } = useTranslation();
  const changed = useRef(new Set<HTMLFormElement>());
  const pending = () => [...changed.current].some((form) => form.isConnected);

  useEffect(() => {
    const guardedForm = (target: EventTarget | null) => {
      const form = target instanceof Element ? ((target as HTMLInputElement).form ?? target.closest("form")) : null;
      return form?.hasAttribute(UNSAVED_GUARD_ATTRIBUTE) ? form : null;
    };
    const mark = (e: Event) => {
      const form = guardedForm(e.target);
      if (form) changed.current.add(form);
    };
    // capture: the mark is cleared before the router starts the submission's navigation
    const submitted = (e: Event) => {
      if (e.target instanceof HTMLFormElement) changed.current.delete(e.target);
    };
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (pending()) e.preventDefault();
    };
    document.addEventListener("input", mark, true);
    document.addEventListener("change", mark, true);
    document.addEventListener("submit", submitted, true);
    window.addEventListener("beforeunload", beforeUnload);
    return () => {
      document.removeEventListener("input", mark, true);
      document.removeEventListener("change", mark, true);
      document.removeEventListener("submit", submitted, true);
      window.removeEventListener("beforeunload", beforeUnload);
    };
  }, []);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && pending(),
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(t("unsaved.confirm"))) {
      changed.current.clear();
      blocker.proceed();
    } else {
      blocker.reset();
    }
  }, [blocker, t]);
  return null;
}
