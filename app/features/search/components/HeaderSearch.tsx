import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useFetcher, useLocation } from "react-router";
import {
  SEARCH_MAX_LENGTH,
  SEARCH_MIN_LENGTH,
  type SearchResult,
} from "../../../../server/modules/search/search.schema";
import { SearchGroups } from "./SearchGroups";
import "../search.css";

const DEBOUNCE_MS = 200;

/**
 * The header's search: a GET form that opens /search without JavaScript; with it, results appear under the field
 * as the user types (the same loader, through a fetcher). Escape or a click elsewhere closes them.
 */
export function HeaderSearch() {
  const { t } = useTranslation("search");
  const fetcher = useFetcher<SearchResult>();
  const location = useLocation();
  const [q, setQ] = useState("");
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLFormElement>(null);
  const panelId = useId();
  const { load } = fetcher;

  useEffect(() => {
    const words = q.trim();
    if (words.length < SEARCH_MIN_LENGTH) return;
    const timer = setTimeout(() => void load(`/search?q=${encodeURIComponent(words)}`), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [q, load]);

  // a page change (a hit opened, the form submitted) closes the list
  useEffect(() => setOpen(false), [location.pathname, location.search]);

  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open]);

  const data = fetcher.data;
  const shown = open && q.trim().length >= SEARCH_MIN_LENGTH && data && data.q === q.trim();
  const count = data ? data.groups.reduce((n, g) => n + g.hits.length, 0) : 0;
  return (
    <Form
      ref={box}
      method="get"
      action="/search"
      role="search"
      className="header-search"
      onKeyDown={(e) => {
        if (e.key === "Escape") setOpen(false);
      }}
    >
      <label htmlFor={`${panelId}-q`} className="visually-hidden">
        {t("label")}
      </label>
      <input
        id={`${panelId}-q`}
        name="q"
        type="search"
        placeholder={t("placeholder")}
        maxLength={SEARCH_MAX_LENGTH}
        autoComplete="off"
        value={q}
        aria-controls={panelId}
        onChange={(e) => {
          setQ(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        data-testid="header-search"
      />
      <button type="submit" className="visually-hidden">
        {t("submit")}
      </button>
      <div id={panelId} className="header-search-panel" hidden={!shown} data-testid="header-search-panel">
        <p className="visually-hidden" aria-live="polite">
          {shown ? t("live", { count }) : ""}
        </p>
        {shown &&
          (data.groups.length ? (
            <SearchGroups groups={data.groups} onOpen={() => setOpen(false)} />
          ) : (
            <p className="muted">{t("none", { q: data.q })}</p>
          ))}
      </div>
    </Form>
  );
}
