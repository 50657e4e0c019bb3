import { useTranslation } from "~/ui/use-translation";
import { MemberCard, MemberCardList, type CardPhotoLoading, type MemberCardData } from "./member-card";

/** Cards of a grid that open the page load their photos with it: a phone's first two rows, the first row wider up. */
const FIRST_SCREEN_CARDS = 4;
/** Of those, the photos fetched first: a phone's first row, where the page's largest paint is. */
const FIRST_ROW_CARDS = 2;

function photoLoading(index: number): CardPhotoLoading {
  if (index < FIRST_ROW_CARDS) return "high";
  return index < FIRST_SCREEN_CARDS ? "eager" : "lazy";
}

/**
 * A grid of member cards, each linking to the member's profile. `opensPage`: the grid is the page's
 * first content (search results), so its first photos load with the page.
 */
export function MemberGrid({
  members,
  testId,
  opensPage = false,
}: {
  members: MemberCardData[];
  testId: string;
  opensPage?: boolean;
}) {
  return (
    <MemberCardList testId={testId} members={members}>
      {members.map((member, index) => (
        <MemberCard key={member.id} member={member} photoLoading={opensPage ? photoLoading(index) : "lazy"} />
      ))}
    </MemberCardList>
  );
}

/** "24 leden gevonden", or "Meer dan 1.000 leden gevonden" when the count stopped early. */
export function ResultCount({
  numResults,
  moreResults,
  testId,
}: {
  numResults: number;
  moreResults: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <p className="fw-semibold" data-testid={testId}>
      {moreResults
        ? t("search:results.countMore", { count: numResults })
        : t("search:results.count", { count: numResults })}
    </p>
  );
}
