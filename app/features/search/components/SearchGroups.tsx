import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { SearchGroup } from "../../../../server/modules/search/search.schema";

/** Results grouped by kind, each hit a link to its page and each group a link to its full list. */
export function SearchGroups({ groups, onOpen }: { groups: SearchGroup[]; onOpen?: () => void }) {
  const { t } = useTranslation("search");
  return (
    <div className="search-groups">
      {groups.map((g) => (
        <section key={g.kind} className="search-group" data-kind={g.kind} aria-labelledby={`search-kind-${g.kind}`}>
          <h2 id={`search-kind-${g.kind}`}>
            {t(`kinds.${g.kind}`)} <span className="muted">({g.total})</span>
          </h2>
          <ul>
            {g.hits.map((h) => (
              <li key={h.id}>
                <Link to={h.href} onClick={onOpen}>
                  <strong>{h.title}</strong>
                  {h.detail && <span className="muted"> {h.detail}</span>}
                </Link>
              </li>
            ))}
          </ul>
          {g.total > g.hits.length && (
            <Link to={g.moreHref} className="search-more" onClick={onOpen}>
              {t("more", { count: g.total, kind: t(`kinds.${g.kind}`) })}
            </Link>
          )}
        </section>
      ))}
    </div>
  );
}
