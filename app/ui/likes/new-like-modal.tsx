import { useEffect, useRef } from "react";
import { useTranslation } from "~/ui/use-translation";
import { useNavigate } from "react-router";

export interface AnnouncedProfile {
  id: number;
  name: string;
  main_image: { match: string } | null;
}

/**
 * The "New like!" modal: a full-screen overlay with the liker's main photo and a button to the profile.
 * Clicking the overlay (or Escape) closes it; the photo and the button open the profile.
 */
export function NewLikeModal({ profile, onClose }: { profile: AnnouncedProfile; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    buttonRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [onClose]);
  const openProfile = () => {
    onClose();
    void navigate(`/likes/m/${profile.id}`);
  };
  return (
    <div
      className="new-like-overlay position-fixed top-0 start-0 w-100 h-100 d-flex flex-column align-items-center justify-content-center p-3"
      role="dialog"
      aria-modal="true"
      aria-labelledby="new-like-title"
      data-testid="new-like-modal"
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <h2 id="new-like-title" className="display-6 fw-bold text-white mb-3">
        {t("likes:modal.title")}
      </h2>
      {profile.main_image && (
        <button type="button" className="btn p-0 border-0 mb-3" onClick={openProfile}>
          <img
            src={profile.main_image.match}
            alt={t("likes:modal.photoOf", { name: profile.name })}
            className="rounded-4 shadow new-like-photo"
          />
        </button>
      )}
      <p className="text-white fs-5">{t("likes:modal.text", { name: profile.name })}</p>
      <button ref={buttonRef} type="button" className="btn btn-primary btn-lg" onClick={openProfile}>
        {t("likes:modal.viewProfile")}
      </button>
    </div>
  );
}
