import al from "../../locales/al/email.json" with { type: "json" };
import en from "../../locales/en/email.json" with { type: "json" };

const texts = { al, en } as const;
export type EmailKey = keyof typeof en;

export function emailText<K extends EmailKey>(language: "al" | "en", key: K): (typeof en)[K] {
  return (texts[language] ?? texts.al)[key] as (typeof en)[K];
}
