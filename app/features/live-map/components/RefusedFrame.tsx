import { useTranslation } from "react-i18next";

export interface RefusedFrameView {
  frameHex: string | null;
  frameLength: number | null;
  reason: string | null;
  decoded: string | null;
}

/** The last refused frame of a device: why, its bytes (hex) and what the decoder made of it (no JavaScript needed). */
export function RefusedFrame({ frame }: { frame: RefusedFrameView }) {
  const { t } = useTranslation("devices");
  if (!frame.frameHex) return <span className="muted">—</span>;
  const cut = frame.frameLength !== null && frame.frameLength > frame.frameHex.length / 2;
  return (
    <div className="refused-frame">
      {frame.reason && <p data-testid="refused-reason">{frame.reason}</p>}
      <details>
        <summary>{t("frames.show", { count: frame.frameLength ?? frame.frameHex.length / 2 })}</summary>
        <p>
          <strong>{t("frames.hex")}</strong>
          {cut && <span className="muted"> {t("frames.cut")}</span>}
        </p>
        <pre className="frame-hex" data-testid="frame-hex">
          {frame.frameHex.replace(/(..)/g, "$1 ").trim()}
        </pre>
        {frame.decoded && (
          <>
            <p>
              <strong>{t("frames.decoded")}</strong>
            </p>
            <pre className="frame-decoded" data-testid="frame-decoded">
              {frame.decoded}
            </pre>
          </>
        )}
      </details>
    </div>
  );
}
