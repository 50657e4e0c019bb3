import { useState } from "react";
import { useTranslation } from "~/ui/use-translation";
import { usePlace, type DesignProps } from "./design-props";
import { Slideshow } from "./slideshow";

/**
 * video: the slug's clip from the site's CDN when one is configured, the photo slideshow otherwise
 * (and in its place when the clip cannot play).
 */
export function VideoDesign({ lander, fictionalIcon, signup }: DesignProps) {
  const { t } = useTranslation();
  const place = usePlace(lander.variant, lander.country);
  const [failed, setFailed] = useState(false);
  const first = lander.members[0];
  return (
    <main className="container py-3">
      <h1 className="h3 text-primary text-center">{t("landers:video.title", { place })}</h1>
      <div className="row g-4 align-items-start">
        <div className="col-md-6">
          {lander.videoUrl && !failed ? (
            <video
              className="lander-video"
              src={lander.videoUrl}
              poster={first ? `/photos/${first.photo.id}/thumb` : undefined}
              autoPlay
              muted
              loop
              playsInline
              preload="metadata"
              onError={() => setFailed(true)}
              data-testid="lander-video"
            >
              <Slideshow members={lander.members} fictionalIcon={fictionalIcon} />
            </video>
          ) : (
            <Slideshow members={lander.members} fictionalIcon={fictionalIcon} />
          )}
        </div>
        <div className="col-md-6">
          <p className="lead">{t("landers:video.text")}</p>
          {signup}
        </div>
      </div>
    </main>
  );
}
