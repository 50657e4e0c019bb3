import { useTranslation } from "~/ui/use-translation";
import { requireUser } from "~/middleware/guards.server";
import { carriedCode, enteredCodeSchema } from "~/domain/payments/discount";
import { discountBuyer, packageOffers } from "~/domain/payments/purchase-offer.server";
import { requestInfoContext } from "~/middleware/context";
import { getInstance } from "~/middleware/i18n.server";
import { PackageList } from "~/ui/payments/package-list";
import type { Route } from "./+types/credits";
import type { TranslationHandle } from "~/lib/i18n";
import { titleMeta } from "~/ui/page-title";

export const handle: TranslationHandle = { i18n: ["discounts", "payments"] };

/**
 * /credits: the packages in the member's currency at the member's discounted price; each leads to
 * choosing how to pay, carrying a discount code the link here had (?code=) on.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { site, country } = context.get(requestInfoContext);
  const code = enteredCodeSchema.safeParse(new URL(request.url).searchParams.get("code") ?? undefined);
  return {
    code: carriedCode(code.success ? code.data : null),
    packages: await packageOffers(site.id, user.profile?.country ?? country, discountBuyer(user)),
    credits: user.credits,
    paidUser: user.paidUser,
    title: getInstance(context).t("payments:credits.title"),
    siteName: site.name,
  };
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data, { name: "robots", content: "noindex" });

export default function CreditsRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main className="container py-4" data-testid="credits-page">
      <h1 className="h3">{t("payments:credits.title")}</h1>
      <p data-testid="credit-balance">{t("payments:credits.balance", { count: loaderData.credits })}</p>
      {!loaderData.paidUser && <p className="lead">{t("payments:credits.premiumNote")}</p>}
      <PackageList
        packages={loaderData.packages}
        linkTo={(id) =>
          loaderData.code
            ? `/credits/${id}?${new URLSearchParams({ code: loaderData.code })}`
            : `/credits/${id}`
        }
      />
    </main>
  );
}
