/**
 * State that must exist once per process. The web build (build/server/index.js) bundles its own copy of
 * the server modules, so a plain module-level variable would exist twice: once for the code started by
 * server/cli/start.ts and once for the pages. Keying it on globalThis makes both copies share it.
 */
export function processWide<T>(name: string, create: () => T): T {
  const key = Symbol.for(`flota.${name}`);
  const store = globalThis as unknown as Record<symbol, T | undefined>;
  return (store[key] ??= create());
}
