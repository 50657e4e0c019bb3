import { useTranslation } from "~/ui/use-translation";
import { MemberCard, MemberCardList, type MemberCardData } from "~/ui/member-card";

/** Related profiles below the profile, as member cards. */
export function Related({ related }: { related: MemberCardData[] }) {
  const { t } = useTranslation();
  return (
    <section className="mt-4" aria-labelledby="related-title">
      <h2 className="h4" id="related-title">
        {t("member:related.title")}
      </h2>
      <MemberCardList testId="related-profiles" members={related}>
        {related.map((member) => (
          <MemberCard key={member.id} member={member} />
        ))}
      </MemberCardList>
    </section>
  );
}
