import { useTranslation } from "~/ui/use-translation";
import type { CamTeaser } from "~/domain/landers/partner-offers";

/** Cam teasers from the partner feed, labelled "featured" and "live now"; nothing when there are none. */
export function CamTeasers({ teasers }: { teasers: CamTeaser[] }) {
  const { t } = useTranslation();
  if (teasers.length === 0) return null;
  return (
    <section className="container pb-4" aria-labelledby="cam-teasers-title" data-testid="cam-teasers">
      <h2 className="h4" id="cam-teasers-title">
        {t("resell:cams.title")}
      </h2>
      <ul className="row g-3 list-unstyled">
        {teasers.map((teaser) => (
          <li className="col-6 col-sm-4 col-md-3 col-lg-2" key={teaser.url}>
            <a
              href={teaser.url}
              className="card h-100 text-decoration-none"
              rel="nofollow noopener sponsored"
              target="_blank"
              data-testid="cam-teaser"
            >
              <img
                src={teaser.imageUrl}
                alt={teaser.name}
                className="card-img-top"
                width={120}
                height={150}
                loading="lazy"
                decoding="async"
              />
              <span className="card-body p-2">
                <span className="d-block fw-semibold text-truncate">{teaser.name}</span>
                {teaser.featured && (
                  <span className="badge bg-primary me-1">{t("resell:cams.featured")}</span>
                )}
                {teaser.live && <span className="badge bg-danger">{t("resell:cams.live")}</span>}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
