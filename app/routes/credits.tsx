import { useTranslation } from "~/ui/use-translation";
import { requireUser } from "~/middleware/guards.server";
import { messagesCreditsPayFor } from "~/domain/chat/message-price.server";
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
 * /credits: the member's balance and how many messages it pays for, and the packages in the
 * member's currency at the member's discounted price; each leads to choosing how to pay, carrying a
 * discount code the link here had (?code=) on.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { site, country } = context.get(requestInfoContext);
  const code = enteredCodeSchema.safeParse(new URL(request.url).searchParams.get("code") ?? undefined);
  const [packages, messagesPaidFor] = await Promise.all([
    packageOffers(site.id, user.profile?.country ?? country, discountBuyer(user)),
    messagesCreditsPayFor(user, site),
  ]);
  return {
    code: carriedCode(code.success ? code.data : null),
    packages,
    credits: user.credits,
    messagesPaidFor,
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
      <p>
        <span data-testid="credit-balance">
          {t("payments:credits.balance", { count: loaderData.credits })}
        </span>{" "}
        <span data-testid="credits-messages-left">
          {t("payments:credits.paysFor", { count: loaderData.messagesPaidFor })}
        </span>
      </p>
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
