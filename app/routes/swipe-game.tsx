import { linkOrigin } from "~/middleware/link-origin.server";
import { useTranslation } from "~/ui/use-translation";
import { data, redirect } from "react-router";
import { z } from "zod";
import { requireConfirmedUser } from "~/middleware/guards.server";
import {
  loadSwipeGame,
  siteTimeZone,
  swipeLike,
  swipeSkip,
  type SwipeOutcome,
} from "~/domain/likes/swipe-game.server";
import { requestInfoContext } from "~/middleware/context";
import { getInstance } from "~/middleware/i18n.server";
import { EmptyNotice } from "~/ui/swipe-game/empty-notice";
import { SWIPE_NOTICES, type SwipeActionData, type SwipeNotice } from "~/ui/swipe-game/fetcher";
import { LimitNotice } from "~/ui/swipe-game/limit-notice";
import { hydrateLater } from "~/ui/hydrate-later";
import { SwipeNoticeAlert } from "~/ui/swipe-game/swipe-notice";
import type { Route } from "./+types/swipe-game";
import { readFields } from "~/middleware/request-body.server";
import type { TranslationHandle } from "~/lib/i18n";
import { rowIdSchema } from "~/lib/row-id";
import { titleMeta } from "~/ui/page-title";

// The deck's buttons are plain forms; its gestures, keys and animations come in idle time.
const SwipeDeck = hydrateLater(() => import("~/ui/swipe-game/swipe-deck").then((m) => m.SwipeDeck));

export const handle: TranslationHandle = { i18n: ["swipe"] };

const noticeSchema = z.enum(SWIPE_NOTICES).nullable().catch(null);

const actionSchema = z.object({
  intent: z.enum(["like", "skip"]),
  profileId: rowIdSchema,
  /** Sent by the page's script (a fetcher): it gets the answer as data instead of a redirect. */
  via: z.literal("fetcher").optional(),
});

/** The notice after a swipe; a refusal for the day's limit needs none (the page shows the limit). */
function noticeFor(outcome: SwipeOutcome): SwipeNotice | null {
  if (outcome.ok) return outcome.choice === "like" && outcome.matched ? "matched" : null;
  if (outcome.error === "rateLimited") return "rateLimited";
  return outcome.error === "limit" ? null : "unavailable";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireConfirmedUser(context, request);
  const { site, country } = context.get(requestInfoContext);
  const game = await loadSwipeGame({ userId: user.id, site, country });
  return {
    game,
    notice: noticeSchema.parse(new URL(request.url).searchParams.get("notice")),
    timeZone: siteTimeZone(site),
    title: getInstance(context).t("swipe:title"),
    siteName: site.name,
  };
}

/** Like or skip the card's member; plain forms come back to the game (Post/Redirect/Get). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireConfirmedUser(context, request);
  const { site } = context.get(requestInfoContext);
  const parsed = actionSchema.safeParse(await readFields(request));
  if (!parsed.success) throw data(null, { status: 400 });
  const { intent, profileId, via } = parsed.data;
  const swipe = { userId: user.id, site, profileId };
  const outcome =
    intent === "like"
      ? await swipeLike({ ...swipe, origin: linkOrigin(request, context.get(requestInfoContext).site) })
      : await swipeSkip(swipe);
  const notice = noticeFor(outcome);
  if (via === "fetcher") {
    return data({ notice } satisfies SwipeActionData, { status: notice === "rateLimited" ? 429 : 200 });
  }
  return redirect(notice ? `/swipe-game?notice=${notice}` : "/swipe-game");
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data);

export default function SwipeGameRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { game, notice, timeZone } = loaderData;
  return (
    <main className="container py-4" style={{ maxWidth: 400 }} data-testid="swipe-game">
      <h1 className="h3 text-primary">{t("swipe:title")}</h1>
      <SwipeNoticeAlert fromPage={notice} />
      {game.kind === "closed" ? (
        <LimitNotice
          reopensAt={game.reopensAt}
          hoursLeft={game.hoursLeft}
          likesPerDay={game.likesPerDay}
          timeZone={timeZone}
        />
      ) : (
        <>
          <p>{t("swipe:intro", { count: game.likesPerDay })}</p>
          {game.card ? (
            <SwipeDeck card={game.card} next={game.next} likesLeft={game.likesLeft} />
          ) : (
            <EmptyNotice />
          )}
        </>
      )}
    </main>
  );
}
