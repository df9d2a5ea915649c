import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const dir = path.resolve(import.meta.dirname, "../../locales");
const load = (lng: string, file: string) =>
  JSON.parse(readFileSync(path.join(dir, lng, file), "utf8")) as Record<string, unknown>;

function keys(obj: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? keys(v as Record<string, unknown>, `${prefix}${k}.`)
      : [`${prefix}${k}`],
  );
}

function emptyValues(obj: Record<string, unknown>): string[] {
  return keys(obj).filter((k) => {
    const v = k.split(".").reduce<unknown>((o, part) => (o as Record<string, unknown>)[part], obj);
    return typeof v !== "string" || v.trim() === "";
  });
}

describe("translations", () => {
  const al = readdirSync(path.join(dir, "al"))
    .filter((f) => f.endsWith(".json"))
    .sort();
  const en = readdirSync(path.join(dir, "en"))
    .filter((f) => f.endsWith(".json"))
    .sort();

  it("has the same namespaces in Albanian and English", () => {
    expect(al).toEqual(en);
    expect(al.length).toBeGreaterThan(3);
  });

  it.each(en)("%s has the same keys in both languages and no empty text", (file) => {
    const a = load("al", file);
    const e = load("en", file);
    expect(keys(a).sort()).toEqual(keys(e).sort());
    expect(emptyValues(a)).toEqual([]);
    expect(emptyValues(e)).toEqual([]);
  });
});
