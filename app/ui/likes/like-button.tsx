import { useTranslation } from "~/ui/use-translation";
import { useFetcher, useLocation } from "react-router";
import { LIKE_NOTICE_PARAM, type LikeActionData } from "~/domain/likes/like-action";

/**
 * Like or unlike a member. Without JavaScript a plain form posts and returns to this page; with it
 * the button flips at once and rolls back with a message when the server refuses.
 */
export function LikeButton({
  profileId,
  name,
  liked,
  compact = false,
  className,
}: {
  profileId: number;
  name: string;
  liked: boolean;
  compact?: boolean;
  /** Of the wrapper around the button and its messages. */
  className?: string;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const fetcher = useFetcher<LikeActionData>({ key: `like-${profileId}` });
  const pending = fetcher.formData?.get("intent");
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const current = pending ? pending === "like" : answer?.ok ? answer.liked : liked;
  const back = new URLSearchParams(location.search);
  back.delete(LIKE_NOTICE_PARAM);
  const query = back.toString();
  const intent = current ? "unlike" : "like";
  return (
    <div className={className}>
      {/* A plain form: with JavaScript the fetcher always takes the submit over, so React Router's
          Form (which resolves its action on every render, once per card) adds nothing. */}
      <form
        method="post"
        action={`/members/${profileId}/like`}
        onSubmit={(event) => {
          event.preventDefault();
          void fetcher.submit({ intent }, { method: "post", action: `/members/${profileId}/like` });
        }}
      >
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="redirectTo" value={location.pathname + (query ? `?${query}` : "")} />
        <button
          type="submit"
          className={`btn ${compact ? "btn-sm" : ""} ${current ? "btn-primary" : "btn-outline-primary"}`}
          aria-pressed={current}
          aria-label={t(current ? "likes:button.unlikeName" : "likes:button.likeName", { name })}
          data-testid="like-button"
        >
          <span aria-hidden="true">{current ? "♥" : "♡"}</span>
          {` ${t(current ? "likes:button.liked" : "likes:button.like")}`}
        </button>
      </form>
      {answer && !answer.ok && (
        <p className="small text-danger mb-0 mt-1" role="alert">
          {t(`likes:refused.${answer.error}`)}
        </p>
      )}
      {answer?.ok && answer.matched && (
        <p className="small text-success mb-0 mt-1" role="status">
          {t("likes:matched")}
        </p>
      )}
    </div>
  );
}
