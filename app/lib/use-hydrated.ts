import { useEffect, useState } from "react";

/** False on the server and in the first client render, true once the page runs (parts that need JavaScript wait for it). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
