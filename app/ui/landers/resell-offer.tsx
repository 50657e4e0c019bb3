import { useEffect, useState } from "react";
import { useTranslation } from "~/ui/use-translation";
import type { ResellOfferData } from "~/domain/landers/partner-offers";

/**
 * The partner offer for a visitor who may not sign up here: a countdown (JavaScript) that then
 * sends the visitor to the partner; without JavaScript the link and a meta refresh do the same.
 */
export function ResellOffer({ offer }: { offer: ResellOfferData }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(offer.countdownSeconds);

  useEffect(() => {
    const started = Date.now();
    const timer = window.setInterval(() => {
      const remaining = Math.max(0, offer.countdownSeconds - Math.floor((Date.now() - started) / 1000));
      setLeft(remaining);
      if (remaining === 0) {
        window.clearInterval(timer);
        window.location.assign(offer.url);
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [offer.url, offer.countdownSeconds]);

  return (
    <section className="alert alert-warning" aria-labelledby="resell-offer-title" data-testid="resell-offer">
      <noscript>
        <meta httpEquiv="refresh" content={`${offer.countdownSeconds};url=${offer.url}`} />
      </noscript>
      <h2 className="h5" id="resell-offer-title">
        {t("resell:offer.title")}
      </h2>
      <p>{t("resell:offer.text")}</p>
      <p role="timer" aria-live="off" data-testid="resell-countdown">
        {t("resell:offer.countdown", { count: left })}
      </p>
      <a
        href={offer.url}
        className="btn btn-primary"
        rel="nofollow noopener sponsored"
        data-testid="resell-link"
      >
        {t("resell:offer.go")}
      </a>
    </section>
  );
}
