import pushAl from "../../../locales/al/push.json" with { type: "json" };
import pushEn from "../../../locales/en/push.json" with { type: "json" };
import type { PushKind } from "./push.schema";

const TEXT = { al: pushAl, en: pushEn } as const;

const fill = (template: string, params: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => params[k] ?? "");

/** A notification's title and text in the recipient's language (locales/<lng>/push.json). */
export function pushMessage(language: string, kind: PushKind, params: Record<string, string>) {
  const text = TEXT[language === "en" ? "en" : "al"];
  const stage = params.stage ? ((text.stages as Record<string, string>)[params.stage] ?? params.stage) : "";
  const m = text.messages[kind];
  return { title: fill(m.title, params), body: fill(m.body, { ...params, stage }) };
}
