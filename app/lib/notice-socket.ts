import { useEffect, useRef, useState } from "react";
import { reconnectDelay } from "./map/backoff";

export type NoticeSocketState = "off" | "connecting" | "open" | "closed";
interface Listener {
  message(m: unknown): void;
  state(s: NoticeSocketState): void;
}

/*
 * The page's one notification socket (`/live?alerts=only`): the header's bells (alerts, maintenance reminders) share it.
 * Opened by the first bell that asks, closed with the last; reconnects with backoff while anyone listens.
 */
const listeners = new Set<Listener>();
let socket: WebSocket | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;
let attempt = 0;
let current: NoticeSocketState = "off";

function setState(s: NoticeSocketState) {
  current = s;
  for (const l of listeners) l.state(s);
}

function connect() {
  timer = null;
  setState("connecting");
  const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/live?alerts=only`);
  socket = ws;
  ws.onopen = () => {
    attempt = 0;
    setState("open");
  };
  ws.onmessage = (event) => {
    let msg: unknown;
    try {
      msg = JSON.parse(String(event.data));
    } catch {
      return;
    }
    for (const l of listeners) l.message(msg);
  };
  ws.onclose = () => {
    if (socket !== ws) return;
    socket = null;
    setState("closed");
    if (listeners.size) timer = setTimeout(connect, reconnectDelay(attempt++));
  };
}

function disconnect() {
  if (timer) clearTimeout(timer);
  timer = null;
  const ws = socket;
  socket = null;
  attempt = 0;
  current = "off";
  ws?.close();
}

/** Listens on the shared notification socket while `enabled`; answers the socket's state. */
export function useNoticeSocket(enabled: boolean, onMessage: (m: unknown) => void): NoticeSocketState {
  const [state, setLocal] = useState<NoticeSocketState>("off");
  const handler = useRef(onMessage);
  handler.current = onMessage;
  useEffect(() => {
    if (!enabled) return;
    const l: Listener = { message: (m) => handler.current(m), state: setLocal };
    listeners.add(l);
    if (!socket && !timer) connect();
    else setLocal(current);
    return () => {
      listeners.delete(l);
      setLocal("off");
      if (!listeners.size) disconnect();
    };
  }, [enabled]);
  return state;
}

/**
 * A header bell's count: the server's unread count, raised once per live notice id; a fresh server count (a
 * navigation, "mark as read", opening the item) replaces the live one. `raise` answers false for a repeat.
 */
export function useLiveCount(unread: number, loadedAt?: number): [number, (id: string) => boolean] {
  const [count, setCount] = useState(unread);
  const seen = useRef(new Set<string>());
  useEffect(() => setCount(unread), [unread, loadedAt]);
  const raise = (id: string) => {
    if (seen.current.has(id)) return false;
    seen.current.add(id);
    setCount((c) => c + 1);
    return true;
  };
  return [count, raise];
}
