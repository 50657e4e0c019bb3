import { Icon } from "~/ui/icons";
import { useTranslation } from "~/ui/use-translation";
import { Form } from "react-router";
import type { MemberCardData as SwipeCard } from "~/domain/profiles/member-card";
import type { SwipeIntent } from "./fetcher";

/**
 * Skip and Like for the shown card. Without JavaScript each is a plain form post; with it `onDecide`
 * takes over. While a choice is being saved the buttons keep their focus but do nothing.
 */
export function DecisionButtons({
  card,
  busy,
  onDecide,
}: {
  card: SwipeCard;
  busy: boolean;
  onDecide?: (intent: SwipeIntent) => void;
}) {
  const { t } = useTranslation();
  const choose = (intent: SwipeIntent) => (event: React.MouseEvent) => {
    if (!onDecide) return;
    event.preventDefault();
    onDecide(intent);
  };
  return (
    // A form may not take role="group" (axe aria-allowed-role): the group is a box inside it.
    <Form method="post" action="/swipe-game" className="mt-3">
      <input type="hidden" name="profileId" value={card.id} />
      <div className="d-flex justify-content-center gap-3" role="group" aria-label={t("swipe:actions.label")}>
        <button
          type="submit"
          name="intent"
          value="skip"
          className="btn btn-outline-secondary btn-lg px-4"
          aria-label={t("swipe:actions.skipName", { name: card.name })}
          aria-disabled={busy || undefined}
          onClick={choose("skip")}
        >
          <Icon name="close" className="me-1" />
          {t("swipe:actions.skip")}
        </button>
        <button
          type="submit"
          name="intent"
          value="like"
          className="btn btn-primary btn-lg px-4"
          aria-label={t("swipe:actions.likeName", { name: card.name })}
          aria-disabled={busy || undefined}
          onClick={choose("like")}
        >
          <Icon name="heart" className="me-1" />
          {t("swipe:actions.like")}
        </button>
      </div>
    </Form>
  );
}
