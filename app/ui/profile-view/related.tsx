import { useTranslation } from "~/ui/use-translation";
import { MemberCard, type MemberCardData } from "~/ui/member-card";

/** Related profiles below the profile, as member cards. */
export function Related({ related }: { related: MemberCardData[] }) {
  const { t } = useTranslation();
  return (
    <section className="mt-4" aria-labelledby="related-title">
      <h2 className="h4" id="related-title">
        {t("member:related.title")}
      </h2>
      <ul className="row g-3 list-unstyled" data-testid="related-profiles">
        {related.map((member) => (
          <MemberCard key={member.id} member={member} />
        ))}
      </ul>
    </section>
  );
}
