import { usableStayDiscountOf } from "~/domain/payments/stay-discount.server";

/** The member's usable stay code as the settings pages show it, its last day in the site's time zone. */
export async function stayDiscountView(userId: number, locale: string, timeZone: string) {
  const discount = await usableStayDiscountOf(userId);
  if (!discount) return null;
  // The code ends at an instant; the page names the day it still works on.
  const lastMoment = new Date(discount.expiresAt.getTime() - 1);
  return {
    code: discount.code,
    percentage: discount.percentage,
    expiresOn: new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone }).format(lastMoment),
  };
}
