/**
 * The phone's queue of actions made without a connection (docs/driver-app.md, "Offline actions"), kept in IndexedDB so
 * it survives closing the app. Items are sent in the order they were made; each keeps the time and position it was
 * made with. Values may be text or files (a photo), so any driver form can be queued.
 */
export interface QueuedAction {
  /** IndexedDB's increasing key: the order the actions were made */
  seq?: number;
  /** what the server runs (a DriverAction, or another kind a driver page registers) */
  kind: string;
  /** where it is sent */
  url: string;
  /** ISO 8601 instant of the moment the driver made it */
  madeAt: string;
  fields: Array<[string, string | Blob]>;
  /** for the page: which job it concerns */
  jobId: string | null;
}

/** Told to the queue's panel (DriverQueueProvider) when an action was queued outside it (a route's clientAction). */
export const QUEUE_CHANGED_EVENT = "flota-queue-changed";

const DB_NAME = "flota-driver";
const STORE = "actions";

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(STORE))
        req.result.createObjectStore(STORE, { keyPath: "seq", autoIncrement: true });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function withStore<T>(mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = fn(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

export const queue = {
  add: (item: QueuedAction) => withStore("readwrite", (s) => s.add(item)).then(() => undefined),
  /** every waiting action, oldest first */
  list: () => withStore<QueuedAction[]>("readonly", (s) => s.getAll() as IDBRequest<QueuedAction[]>),
  remove: (seq: number) => withStore("readwrite", (s) => s.delete(seq)).then(() => undefined),
};

export type SendOutcome<R> =
  | { kind: "answered"; status: number; body: R }
  /** the network failed (offline, server unreachable): keep it queued */
  | { kind: "network" }
  /** the session is gone (a redirect to sign in): keep it queued until the driver signs in again */
  | { kind: "signed-out" };

/**
 * Posts one action with the page's CSRF token; never throws. `madeAt: false` for an action sent the moment it is
 * made: the server's clock is then the time, so a phone whose clock is wrong cannot get a live action refused.
 */
export async function send<R>(
  item: QueuedAction,
  csrf: string,
  opts: { madeAt: boolean } = { madeAt: true },
): Promise<SendOutcome<R>> {
  const body = new FormData();
  for (const [k, v] of item.fields) body.append(k, v);
  body.set("_csrf", csrf);
  if (opts.madeAt) body.set("made_at", item.madeAt);
  body.set("intent", item.kind);
  let res: Response;
  try {
    res = await fetch(item.url, {
      method: "POST",
      body,
      redirect: "manual",
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    });
  } catch {
    return { kind: "network" };
  }
  if (res.type === "opaqueredirect" || res.status === 401 || (res.status >= 300 && res.status < 400))
    return { kind: "signed-out" };
  // a gateway or server failure is not an answer about the action: try again later
  if (res.status >= 500) return { kind: "network" };
  try {
    return { kind: "answered", status: res.status, body: (await res.json()) as R };
  } catch {
    return { kind: "network" };
  }
}
