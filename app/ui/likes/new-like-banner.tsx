import { useTranslation } from "~/ui/use-translation";
import { useLocation } from "react-router";

interface BannerLike {
  likeId: number;
  profileId: number;
  name: string;
  mainPhotoId: number | null;
}

/**
 * Without JavaScript `?t=N` shows the newest unseen like as a banner instead of the modal; closing
 * it marks the like as announced. Inside <noscript>, so browsers running scripts get the modal only.
 */
export function NewLikeBanner({ like }: { like: BannerLike }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <noscript>
      <div className="container mt-3">
        <div
          className="alert alert-primary d-flex align-items-center gap-3 mb-0"
          data-testid="new-like-banner"
        >
          {like.mainPhotoId !== null && (
            <img
              src={`/photos/${like.mainPhotoId}/thumb`}
              alt=""
              width={48}
              height={60}
              className="rounded"
            />
          )}
          <div className="me-auto">
            <strong>{t("likes:modal.title")}</strong> {t("likes:modal.text", { name: like.name })}{" "}
            <a href={`/likes/m/${like.profileId}`} className="alert-link">
              {t("likes:modal.viewProfile")}
            </a>
          </div>
          <form method="post" action="/likes/announced">
            <input type="hidden" name="like" value={like.likeId} />
            <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
            <button type="submit" className="btn-close" aria-label={t("likes:modal.close")} />
          </form>
        </div>
      </div>
    </noscript>
  );
}
