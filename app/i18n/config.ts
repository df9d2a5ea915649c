import type { Resource } from "i18next";

export const LANGUAGES = ["al", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "al";

/** HTML lang attribute: the product's code "al" is Albanian, whose BCP 47 tag is "sq". */
export const htmlLang = (lng: Language) => (lng === "al" ? "sq" : "en");

export const isLanguage = (v: unknown): v is Language =>
  typeof v === "string" && (LANGUAGES as readonly string[]).includes(v);

const files = import.meta.glob<{ default: Record<string, unknown> }>("../../locales/*/*.json", { eager: true });

/** Every namespace of both languages, bundled: small enough, and the UI never waits for a translation. */
export const resources: Resource = {};
for (const [file, mod] of Object.entries(files)) {
  const m = /locales\/(\w+)\/([\w-]+)\.json$/.exec(file);
  if (!m) continue;
  (resources[m[1]] ??= {})[m[2]] = mod.default;
}

export const namespaces = [...new Set(Object.values(resources).flatMap((r) => Object.keys(r)))];

export const i18nOptions = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: "common",
  ns: namespaces,
  resources,
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
} as const;
