import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { CsrfInput } from "../../../components/forms";

/**
 * "Send a new code" with the seconds the server says remain. Without JavaScript the button is always
 * submittable and the server answers with the remaining seconds; with JavaScript it ticks down and
 * enables the button at zero.
 */
export function ResendCountdown({ email, seconds, issuedAt }: { email: string; seconds: number; issuedAt: number }) {
  const { t } = useTranslation("auth");
  const [left, setLeft] = useState(seconds);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    const until = Date.now() + seconds * 1000;
    const tick = () => {
      const s = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      setLeft(s);
      return s;
    };
    if (tick() === 0) return;
    const timer = setInterval(() => {
      if (tick() === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [seconds, issuedAt]);
  return (
    <Form method="post" className="stack resend" data-testid="resend-form">
      <CsrfInput />
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="email" value={email} />
      <p role="timer" data-testid="resend-countdown" data-seconds={left}>
        {left > 0 ? t("reset.resendIn", { seconds: left }) : t("reset.resendReady")}
      </p>
      <button type="submit" className="button" disabled={hydrated && left > 0} data-testid="resend">
        {t("reset.resend")}
      </button>
    </Form>
  );
}
