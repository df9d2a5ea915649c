import al from "../../../locales/al/apiDocs.json";
import en from "../../../locales/en/apiDocs.json";

type Json = Record<string, unknown>;
type Labels = typeof en;
const LABELS: Record<"al" | "en", Labels> = { al, en };
const METHODS = ["get", "post", "put", "patch", "delete"] as const;

const esc = (v: unknown) =>
  String(v ?? "").replace(/[&<>"']/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "#39" }[c]};`);
/** Escaped text with `code` spans, as the descriptions write them. */
const md = (v: unknown) => esc(v).replace(/`([^`]+)`/g, "<code>$1</code>");
const anchor = (s: string) => s.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "");
const refName = (ref: string) => ref.split("/").pop() ?? ref;

/** A short, readable type of a JSON Schema: `string (uuid)`, `integer | null`, a link to a named shape. */
function typeOf(s: Json | undefined): string {
  if (!s) return "any";
  if (typeof s.$ref === "string") {
    const name = refName(s.$ref);
    return `<a href="#schema-${anchor(name)}">${esc(name)}</a>`;
  }
  if (Array.isArray(s.enum)) return s.enum.map((v) => `<code>${esc(JSON.stringify(v))}</code>`).join(" | ");
  if ("const" in s) return `<code>${esc(JSON.stringify(s.const))}</code>`;
  for (const k of ["anyOf", "oneOf", "allOf"] as const) {
    if (Array.isArray(s[k])) return (s[k] as Json[]).map(typeOf).join(k === "allOf" ? " &amp; " : " | ");
  }
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  const parts = types.map((t) => {
    if (t === "array") return `${typeOf(s.items as Json)}[]`;
    if (t === "string" && s.format) return `string (${esc(s.format)})`;
    return esc(t);
  });
  return parts.length ? parts.join(" | ") : "any";
}

/** An object schema as a table of its fields; anything else as its type. */
function fields(s: Json | undefined, l: Labels): string {
  if (!s) return "";
  const props = s.properties as Record<string, Json> | undefined;
  if (!props) return `<p>${typeOf(s)}</p>`;
  const required = new Set((s.required as string[] | undefined) ?? []);
  const rows = Object.entries(props)
    .map(
      ([name, p]) =>
        `<tr><td><code>${esc(name)}</code></td><td>${typeOf(p)}</td><td>${required.has(name) ? l.yes : l.no}</td><td>${md(p.description ?? "")}</td></tr>`,
    )
    .join("");
  return `<table><thead><tr><th>${l.name}</th><th>${l.type}</th><th>${l.required}</th><th>${l.description}</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function securityOf(op: Json, doc: Json, l: Labels): string {
  const sec = (op.security ?? doc.security) as Json[];
  if (!sec.length) return l.security.public;
  if (sec.some((s) => "apiKey" in s)) return l.security.apiKey;
  return l.security.session;
}

function operationHtml(method: string, path: string, op: Json, doc: Json, l: Labels): string {
  const params = (op.parameters as Json[] | undefined) ?? [];
  const paramRows = params
    .map(
      (p) =>
        `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${p.required ? l.yes : l.no}</td><td>${typeOf(p.schema as Json)}</td><td>${md(p.description ?? "")}</td></tr>`,
    )
    .join("");
  const body = op.requestBody as { content: Record<string, { schema: Json }> } | undefined;
  const responses = Object.entries(op.responses as Record<string, Json>).map(([status, r]) => {
    const content = (r.content ?? {}) as Record<string, { schema: Json }>;
    const [type, media] = Object.entries(content)[0] ?? [];
    const codes = /^Error: (.*)$/.exec(String(r.description))?.[1];
    const shown = codes
      ? `${l.errorCodes}: ${codes
          .split(", ")
          .map((c) => `<code>${esc(c)}</code>`)
          .join(", ")}`
      : `${esc(r.description)}${type ? ` <small>(${esc(type)})</small>` : ""} ${media && !codes ? typeOf(media.schema) : ""}`;
    return `<tr><td>${esc(status)}</td><td>${shown}</td></tr>`;
  });
  const id = anchor(`${method} ${path}`);
  return `<section class="op" id="${id}">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${esc(path)}</code></h3>
<p>${esc(op.summary)}</p>
${op.description ? `<p class="muted">${md(op.description)}</p>` : ""}
<p><strong>${l.signIn}:</strong> ${esc(securityOf(op, doc, l))}</p>
${paramRows ? `<h4>${l.parameters}</h4><table><thead><tr><th>${l.name}</th><th>${l.in}</th><th>${l.required}</th><th>${l.type}</th><th>${l.description}</th></tr></thead><tbody>${paramRows}</tbody></table>` : ""}
${
  body
    ? Object.entries(body.content)
        .map(
          ([type, m]) =>
            `<h4>${l.requestBody} <small>(${esc(type)})</small></h4>${typeof m.schema.$ref === "string" ? `<p>${typeOf(m.schema)}</p>` : fields(m.schema, l)}`,
        )
        .join("")
    : ""
}
<h4>${l.responses}</h4><table><thead><tr><th>${l.status}</th><th>${l.description}</th></tr></thead><tbody>${responses.join("")}</tbody></table>
</section>`;
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1f2933;background:#f7f8fa}
main{max-width:1100px;margin:0 auto;padding:1.5rem}nav.lang{float:right}
table{border-collapse:collapse;width:100%;margin:.5rem 0;background:#fff}td,th{border:1px solid #d9dee5;padding:.3rem .5rem;text-align:left;vertical-align:top}
.op{background:#fff;border:1px solid #d9dee5;border-radius:6px;padding:.5rem 1rem;margin:1rem 0}
.method{display:inline-block;min-width:4.5em;text-align:center;border-radius:4px;color:#fff;font-size:.8em;padding:.1em .4em}
.get{background:#2563eb}.post{background:#15803d}.put{background:#b45309}.patch{background:#7c3aed}.delete{background:#b91c1c}
.muted{color:#52606d}code{font-size:.92em}h2{border-bottom:2px solid #d9dee5;padding-bottom:.2rem;margin-top:2rem}`;

/** The API description as one server-rendered page: no script, readable without JavaScript. */
export function renderApiDocs(doc: Json, lng: "al" | "en"): string {
  const l = LABELS[lng];
  const tags = (doc.tags as Array<{ name: string; description: string }>) ?? [];
  const paths = doc.paths as Record<string, Record<string, Json>>;
  const byTag = new Map<string, string[]>();
  const toc = new Map<string, string[]>();
  for (const [path, item] of Object.entries(paths)) {
    for (const m of METHODS) {
      const op = item[m];
      if (!op) continue;
      const tag = ((op.tags as string[] | undefined) ?? ["other"])[0];
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(m, path, op, doc, l)]);
      toc.set(tag, [
        ...(toc.get(tag) ?? []),
        `<li><a href="#${anchor(`${m} ${path}`)}">${m.toUpperCase()} ${esc(path)}</a></li>`,
      ]);
    }
  }
  const sections = tags
    .filter((t) => byTag.has(t.name))
    .map(
      (t) =>
        `<h2 id="tag-${anchor(t.name)}">${esc(t.name)}</h2><p class="muted">${md(t.description)}</p>${byTag.get(t.name)!.join("\n")}`,
    );
  const contents = tags
    .filter((t) => toc.has(t.name))
    .map((t) => `<li><a href="#tag-${anchor(t.name)}">${esc(t.name)}</a><ul>${toc.get(t.name)!.join("")}</ul></li>`);
  const schemas = Object.entries(((doc.components as Json).schemas ?? {}) as Record<string, Json>).map(
    ([name, s]) =>
      `<section class="op" id="schema-${anchor(name)}"><h3>${esc(name)}</h3>${s.description ? `<p class="muted">${esc(s.description)}</p>` : ""}${fields(s, l)}${Array.isArray(s.allOf) ? (s.allOf as Json[]).map((p) => (p.properties ? fields(p, l) : `<p>${typeOf(p)}</p>`)).join("") : ""}</section>`,
  );
  const info = doc.info as Json;
  return `<!doctype html>
<html lang="${lng === "al" ? "sq" : "en"}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(l.title)}</title><style>${STYLE}</style></head>
<body><main>
<nav class="lang" aria-label="${esc(l.language)}"><a href="?lang=al" hreflang="sq">Shqip</a> · <a href="?lang=en" hreflang="en">English</a></nav>
<h1>${esc(l.title)}</h1>
<p>${esc(l.intro)} <a href="/api/openapi.json">/api/openapi.json</a> (${esc(info.version)})</p>
<p class="muted">${md(info.description)}</p>
${lng !== "en" ? `<p class="muted">${esc(l.descriptionsNote)}</p>` : ""}
<h2>${esc(l.contents)}</h2><ul>${contents.join("")}<li><a href="#schemas">${esc(l.schemas)}</a></li></ul>
${sections.join("\n")}
<h2 id="schemas">${esc(l.schemas)}</h2>
${schemas.join("\n")}
</main></body></html>`;
}
