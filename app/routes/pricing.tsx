import { useTranslation } from "~/ui/use-translation";
import { priceList } from "~/domain/payments/purchase-offer.server";
import { pricingMethods } from "~/domain/payments/pricing-methods.server";
import { staticPageRules } from "~/routes/+shared/static-page-rules";
import { staticPageContent } from "~/domain/sites/static-pages.server";
import { requestInfoContext } from "~/middleware/context";
import { getInstance, getLocale } from "~/middleware/i18n.server";
import { PackageList } from "~/ui/payments/package-list";
import { StaticPage } from "~/ui/static-page";
import type { Route } from "./+types/pricing";
import type { TranslationHandle } from "~/lib/i18n";
import { pageTitle } from "~/ui/page-title";

export const handle: TranslationHandle = { i18n: ["discounts", "payments"] };

/** /pricing: what things cost, and the packages at the reader's prices (a member's with their discount). */
export async function loader({ context }: Route.LoaderArgs) {
  const { site, country, user } = context.get(requestInfoContext);
  const buyerCountry = user?.profile?.country ?? country;
  return {
    packages: await priceList(site.id, buyerCountry, user),
    // Only the methods offered in the reader's country: what the checkout will show them.
    methods: await pricingMethods(site.id, buyerCountry, getLocale(context)),
    loggedIn: user !== null,
    content: staticPageContent(getInstance(context).t, "pricing", site, getLocale(context), staticPageRules),
    siteName: site.name,
    costs: {
      message: site.messageCredits,
      photo: site.photoCredits,
      gift: site.giftCredits,
      signup: site.signupCredits,
      refundDays: site.refundDays,
    },
  };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: pageTitle(data?.content.title, data?.siteName) },
];

export default function PricingRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { costs } = loaderData;
  const rows = [
    { label: t("pricing.message"), value: t("pricing.credits", { count: costs.message }) },
    { label: t("pricing.photo"), value: t("pricing.credits", { count: costs.photo }) },
    { label: t("pricing.gift"), value: t("pricing.credits", { count: costs.gift }) },
    { label: t("pricing.signupBonus"), value: t("pricing.credits", { count: costs.signup }) },
    { label: t("pricing.premium"), value: t("pricing.premiumValue") },
    { label: t("pricing.refund"), value: t("pricing.days", { count: costs.refundDays }) },
  ];
  return (
    <StaticPage content={loaderData.content}>
      <table className="table table-sm w-auto mb-4" data-testid="pricing-table">
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row" className="pe-4 fw-normal">
                {row.label}
              </th>
              <td className="fw-semibold">{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2 className="h4">{t("payments:packages.title")}</h2>
      <PackageList
        packages={loaderData.packages}
        linkTo={loaderData.loggedIn ? (id) => `/credits/${id}` : null}
      />
      {loaderData.methods && loaderData.methods.length > 0 && (
        <p className="mt-3" data-testid="pricing-methods">
          {t("pricing.methods", {
            methods: loaderData.methods.map((id) => t(`payments:methods.${id}`)).join(", "),
          })}
        </p>
      )}
    </StaticPage>
  );
}
