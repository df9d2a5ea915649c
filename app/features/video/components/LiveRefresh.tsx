import { useEffect } from "react";
import { useRevalidator } from "react-router";

/**
 * While a request is open its status moves on the server: with JavaScript the data is reloaded every few
 * seconds; without it the page refreshes itself (meta refresh inside noscript).
 */
export function LiveRefresh({ active, seconds = 3 }: { active: boolean; seconds?: number }) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, seconds * 1000);
    return () => clearInterval(timer);
  }, [active, seconds, revalidator]);
  if (!active) return null;
  return <noscript dangerouslySetInnerHTML={{ __html: `<meta http-equiv="refresh" content="${seconds + 2}">` }} />;
}
