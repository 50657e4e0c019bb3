import { Link } from "react-router";
import { useTranslation } from "~/ui/use-translation";

/** The member's personal code from choosing to stay (delete page), while it can be used. */
export function StayDiscountNotice({
  discount,
}: {
  discount: { code: string; percentage: number; expiresOn: string } | null;
}) {
  const { t } = useTranslation();
  if (!discount) return null;
  return (
    <div className="alert alert-info" id="stay-discount" data-testid="stay-discount">
      <p className="mb-2">
        {t("settings:stayDiscount.text", {
          code: discount.code,
          percentage: discount.percentage,
          date: discount.expiresOn,
        })}
      </p>
      <Link to="/credits" className="btn btn-primary btn-sm">
        {t("settings:stayDiscount.buy")}
      </Link>
    </div>
  );
}
