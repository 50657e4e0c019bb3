import { useTranslation } from "~/ui/use-translation";
import { data, Link } from "react-router";
import { z } from "zod";
import { requireUser } from "~/middleware/guards.server";
import { listLikes } from "~/domain/likes/overview.server";
import { LIKE_TABS, type LikeCard, type LikeTab } from "~/domain/likes/tabs";
import { requestInfoContext } from "~/middleware/context";
import { getInstance } from "~/middleware/i18n.server";
import { MemberCard, MemberCardList } from "~/ui/member-card";
import { Pager } from "~/ui/pager";
import type { Route } from "./+types/likes";
import type { TranslationHandle } from "~/lib/i18n";
import { titleMeta } from "~/ui/page-title";

export const handle: TranslationHandle = { i18n: ["likes"] };

const pageSchema = z.coerce.number().int().min(1).max(10_000).catch(1);

/** /likes (received) and /likes/{type}: the likes the member received or gave, and their matches. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const tab = z.enum(LIKE_TABS).safeParse(params.type ?? "received");
  if (!tab.success) throw data(null, { status: 404 });
  const page = pageSchema.parse(new URL(request.url).searchParams.get("page") ?? 1);
  const { site } = context.get(requestInfoContext);
  const list = await listLikes(user.id, tab.data, page, site.visibleProfileFields);
  return {
    tab: tab.data,
    ...list,
    title: getInstance(context).t(`likes:tabs.${tab.data}`),
    siteName: site.name,
  };
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data);

/** The tabs; the shown one is marked also on /likes, which shows the received likes. */
function Tabs({ current }: { current: LikeTab }) {
  const { t } = useTranslation();
  return (
    <ul className="nav nav-tabs mb-3">
      {LIKE_TABS.map((tab) => (
        <li className="nav-item" key={tab}>
          <Link
            to={`/likes/${tab}`}
            className={tab === current ? "nav-link active" : "nav-link"}
            aria-current={tab === current ? "page" : undefined}
          >
            {t(`likes:tabs.${tab}`)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function LikeCardItem({ card, tab }: { card: LikeCard; tab: LikeTab }) {
  const { t } = useTranslation();
  const profile = `/likes/m/${card.id}`;
  return (
    <MemberCard
      member={card}
      to={profile}
      badges={
        <>
          {card.isNew && tab === "received" && (
            <span className="badge text-bg-primary me-1" data-testid="new-like">
              {t("likes:badge.new")}
            </span>
          )}
          {card.matched && (
            <span className="badge text-bg-success" data-testid="match">
              {t("likes:badge.match")}
            </span>
          )}
        </>
      }
      footer={
        card.matched && (
          <Link
            to={`/members/${card.id}/chat`}
            className="btn btn-sm btn-success w-100 position-relative z-2"
            data-testid="match-chat"
          >
            {t("likes:chat")}
          </Link>
        )
      }
    />
  );
}

export default function LikesRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { tab, cards, total, page, pageCount } = loaderData;
  return (
    <main className="container py-4">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <h1 className="h3 text-primary mb-0">{t("likes:title")}</h1>
        <Link to="/swipe-game" className="btn btn-outline-primary btn-sm">
          {t("likes:swipeGame")}
        </Link>
      </div>
      <Tabs current={tab} />
      <p className="fw-semibold" data-testid="likes-count">
        {t(`likes:count.${tab}`, { count: total })}
      </p>
      {cards.length === 0 ? (
        <p className="text-body-secondary">{t(`likes:empty.${tab}`)}</p>
      ) : (
        <MemberCardList testId={`likes-${tab}`} members={cards}>
          {cards.map((card) => (
            <LikeCardItem key={card.id} card={card} tab={tab} />
          ))}
        </MemberCardList>
      )}
      <Pager page={page} pageCount={pageCount} queryFor={(n) => `page=${n}`} />
    </main>
  );
}
