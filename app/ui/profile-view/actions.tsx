import { useTranslation } from "~/ui/use-translation";
import { Link } from "react-router";
import { LikeButton } from "~/ui/likes/like-button";
import { GIFTS_OPEN_PARAM } from "~/domain/chat/chat-types";
import { BlockButton } from "./block-button";
import { BlockConfirmation } from "./block-confirmation";
import { VisitorActions } from "./visitor-actions";
import type { Viewer } from "./viewer";

interface ProfileLikes {
  liked: boolean;
  likedBy: boolean;
  matched: boolean;
}

/**
 * What the viewer can do with someone else's profile: log in first (visitors), or like, chat, send
 * a gift (the chat page with its gift picker open) and block.
 */
export function Actions({
  profileId,
  name,
  viewer,
  path,
  likes,
  confirmBlock,
}: {
  profileId: number;
  name: string;
  viewer: Viewer;
  path: string;
  likes: ProfileLikes | null;
  confirmBlock: boolean;
}) {
  const { t } = useTranslation();
  if (viewer === "visitor") return <VisitorActions path={path} />;
  return (
    <div className="mb-3 d-flex flex-wrap align-items-start gap-2" data-testid="profile-actions">
      {likes && (
        <>
          <LikeButton profileId={profileId} name={name} liked={likes.liked} />
          {likes.matched ? (
            <Link
              to="/likes/matches"
              className="badge text-bg-success align-self-center"
              data-testid="match-badge"
            >
              {t("likes:badge.match")}
            </Link>
          ) : (
            likes.likedBy && (
              <span className="badge text-bg-info align-self-center" data-testid="likes-you-badge">
                {t("likes:badge.likesYou", { name })}
              </span>
            )
          )}
        </>
      )}
      <Link to={`/members/${profileId}/chat`} className="btn btn-primary" data-testid="chat-button">
        {t("likes:chat")}
      </Link>
      <Link
        to={`/members/${profileId}/chat?${GIFTS_OPEN_PARAM}=1`}
        className="btn btn-outline-primary"
        data-testid="gift-button"
      >
        {t("likes:gift")}
      </Link>
      {confirmBlock ? <BlockConfirmation name={name} path={path} /> : <BlockButton name={name} />}
    </div>
  );
}
