import { Icon } from "~/ui/icons";
import type { ReactNode } from "react";
import { useTranslation } from "~/ui/use-translation";
import { useLocation } from "react-router";
import { LIKE_NOTICE_PARAM, type LikeActionData } from "~/domain/likes/like-action";
import { NotSent } from "~/ui/not-sent";
import { useRetriedSend } from "~/ui/send-retries";

const likePath = (profileId: number) => `/members/${profileId}/like`;

/** Where a plain form returns to: this page, without the notice of an earlier like. */
function useReturnPath(): string {
  const location = useLocation();
  const back = new URLSearchParams(location.search);
  back.delete(LIKE_NOTICE_PARAM);
  const query = back.toString();
  return location.pathname + (query ? `?${query}` : "");
}

/**
 * The one plain form of a list of member cards: each card's like button (`inListForm`) posts to its
 * own member's like route (`formAction`) with the return path given here once, rather than a form
 * and two hidden fields per card (a search page shows 24 cards).
 */
export function LikeListForm({ children }: { children: ReactNode }) {
  return (
    <form method="post">
      <input type="hidden" name="redirectTo" value={useReturnPath()} />
      {children}
    </form>
  );
}

/**
 * Like or unlike a member. Without JavaScript a plain form posts and returns to this page; with it
 * the button flips at once and rolls back with a message when the server refuses, or when the
 * connection gave no answer to any retry (send-retries.ts: liking twice changes nothing). On a
 * member card (`inListForm`) the button belongs to the list's `LikeListForm`; elsewhere it has a
 * form of its own.
 */
export function LikeButton({
  profileId,
  name,
  liked,
  compact = false,
  inListForm = false,
  className,
}: {
  profileId: number;
  name: string;
  liked: boolean;
  compact?: boolean;
  inListForm?: boolean;
  /** Of the wrapper around the button and its messages. */
  className?: string;
}) {
  const { t } = useTranslation();
  const sender = useRetriedSend<LikeActionData>(`like-${profileId}`);
  const pending = sender.fields?.intent;
  const answer = sender.answer;
  const current = pending ? pending === "like" : answer?.ok ? answer.liked : liked;
  const intent = current ? "unlike" : "like";
  // With JavaScript the fetcher takes the submit over (the script gets JSON, not a redirect). A
  // click while one is being sent sends the new intent instead: the last click counts.
  const submit = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    sender.send({ intent }, likePath(profileId));
  };
  const button = (
    <button
      type="submit"
      className={`btn ${compact ? "btn-sm" : ""} ${current ? "btn-primary" : "btn-outline-primary"}`}
      aria-pressed={current}
      aria-label={t(current ? "likes:button.unlikeName" : "likes:button.likeName", { name })}
      data-testid="like-button"
      {...(inListForm
        ? {
            formAction: likePath(profileId),
            name: "intent",
            value: intent,
            onClick: submit,
          }
        : {})}
    >
      {/* The button's name is its aria-label; the heart is filled once liked (styles). */}
      <Icon name="heart" className="me-1" />
      {t(current ? "likes:button.liked" : "likes:button.like")}
    </button>
  );
  return (
    <div className={className}>
      {inListForm ? (
        button
      ) : (
        <OwnForm profileId={profileId} intent={intent} onSubmit={submit}>
          {button}
        </OwnForm>
      )}
      {sender.retrying && (
        <p className="small text-body-secondary mb-0 mt-1" role="status">
          {t("sending")}
        </p>
      )}
      {sender.failed && <NotSent inline retryButton={{ onClick: sender.retry }} />}
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

/** A like button's own plain form (a profile page): React Router's Form adds nothing, as the fetcher submits. */
function OwnForm({
  profileId,
  intent,
  onSubmit,
  children,
}: {
  profileId: number;
  intent: "like" | "unlike";
  onSubmit: (event: { preventDefault: () => void }) => void;
  children: ReactNode;
}) {
  return (
    <form method="post" action={likePath(profileId)} onSubmit={onSubmit}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={useReturnPath()} />
      {children}
    </form>
  );
}
