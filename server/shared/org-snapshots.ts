/**
 * Per-organisation values a hot path needs before every transaction (the position hooks' open route jobs and
 * started orders), reused for up to `maxAgeMs` and loaded for every stale organisation in one call. A change
 * made anywhere else is seen within `maxAgeMs`; a caller that changed the values itself calls `forget`.
 * `maxAgeMs` 0 loads on every call.
 *
 * Values are shared between concurrent callers: treat them as read-only.
 */
export class OrgSnapshots<T> {
  private readonly entries = new Map<string, { value: T; loadedAt: number }>();
  /** bumped by `forget`: a load that started before it must not store what it read */
  private epoch = 0;

  constructor(
    private readonly load: (orgIds: string[]) => Promise<Map<string, T>>,
    private readonly empty: T,
    private readonly maxAgeMs: number,
  ) {}

  async get(orgIds: readonly string[]): Promise<Map<string, T>> {
    const now = Date.now();
    const out = new Map<string, T>();
    const stale: string[] = [];
    for (const id of orgIds) {
      const e = this.entries.get(id);
      if (e && now - e.loadedAt < this.maxAgeMs) out.set(id, e.value);
      else stale.push(id);
    }
    if (!stale.length) return out;
    const epoch = this.epoch;
    const fresh = await this.load(stale);
    const keep = this.maxAgeMs > 0 && epoch === this.epoch;
    for (const id of stale) {
      const value = fresh.get(id) ?? this.empty;
      out.set(id, value);
      if (keep) this.entries.set(id, { value, loadedAt: now });
    }
    return out;
  }

  /** The next `get` of these organisations loads them again. */
  forget(orgIds: Iterable<string>): void {
    this.epoch++;
    for (const id of orgIds) this.entries.delete(id);
  }
}
