import type { ButtonHTMLAttributes } from "react";
import { useTranslation } from "~/ui/use-translation";

/**
 * A chat message, gift or like got no answer to its last retry (send-retries.ts): "not sent, try
 * again", with the button that sends it again with its key. `inline`: a line under a like button;
 * otherwise an alert.
 */
export function NotSent({
  retryButton,
  inline = false,
  className = "",
}: {
  /** The retry button's props: a click handler, or a submit of the form that sends. */
  retryButton: ButtonHTMLAttributes<HTMLButtonElement>;
  inline?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const button = (
    <button
      type="button"
      className={`btn ${inline ? "btn-link btn-sm p-0 align-baseline" : "btn-outline-danger btn-sm"}`}
      data-testid="not-sent-retry"
      {...retryButton}
    >
      {t("error.retry")}
    </button>
  );
  return inline ? (
    <p className={`small text-danger mb-0 mt-1 ${className}`} role="alert" data-testid="not-sent">
      {t("error.notSent")} {button}
    </p>
  ) : (
    <div
      className={`alert alert-danger d-flex align-items-center gap-2 ${className}`}
      role="alert"
      data-testid="not-sent"
    >
      <span className="flex-grow-1">{t("error.notSent")}</span>
      {button}
    </div>
  );
}
