import { data, Form, redirect } from "react-router";
import { reactivateAccount, reactivationLinkWorks } from "~/domain/accounts/reactivate-account.server";
import { createSession } from "~/middleware/session.server";
import { requestInfoContext } from "~/middleware/context";
import type { TranslationHandle } from "~/lib/i18n";
import { readForm } from "~/middleware/request-body.server";
import { getInstance } from "~/middleware/i18n.server";
import { useTranslation } from "~/ui/use-translation";
import type { Route } from "./+types/reactivate";
import { titleMeta } from "~/ui/page-title";

export const handle: TranslationHandle = { i18n: ["accountDelete"] };

/**
 * GET /reactivate?token=…, the link in the mail after a deletion: asks first. A mail scanner that
 * opens the link must not undo the deletion; the POST reactivates the account and logs in.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (!(await reactivationLinkWorks(token))) return redirect("/account-deleted?error=link");
  return {
    token,
    title: getInstance(context).t("accountDelete:reactivate.title"),
    siteName: context.get(requestInfoContext).site.name,
  };
}

/** A link that no longer works answers 400; the page's loader then sends a browser to the error page. */
export async function action({ request }: Route.ActionArgs) {
  const token = (await readForm(request)).get("token");
  const result = await reactivateAccount(typeof token === "string" ? token : "");
  if (!result.ok) return data({ failed: true }, { status: 400 });
  const cookie = await createSession(result.userId, request);
  return redirect("/settings?saved=reactivated", { headers: { "Set-Cookie": cookie } });
}

export const meta: Route.MetaFunction = ({ data }) =>
  titleMeta(
    data,
    // The token is in the address: never pass it on to another site.
    { name: "referrer", content: "same-origin" },
  );

export default function ReactivateRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main className="container py-4" style={{ maxWidth: 640 }}>
      <h1 className="h3 text-primary">{t("accountDelete:reactivate.title")}</h1>
      {actionData?.failed && (
        <div className="alert alert-danger" role="alert">
          {t("accountDelete:reactivateFailed.text")}
        </div>
      )}
      <p>{t("accountDelete:reactivate.text")}</p>
      <Form method="post">
        <input type="hidden" name="token" value={loaderData.token} />
        <button type="submit" className="btn btn-primary">
          {t("accountDelete:reactivate.submit")}
        </button>
      </Form>
    </main>
  );
}
