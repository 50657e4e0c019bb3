import { z } from "zod";
import { data, Form, Link, redirect } from "react-router";
import {
  accountLabel,
  accountLabelOf,
  activationLoginUser,
  createActivationLogin,
  redeemActivationLogin,
} from "~/domain/accounts/activation-login.server";
import { createSession } from "~/middleware/session.server";
import { activateAccount } from "~/domain/accounts/signup.server";
import { chatAfterActivation } from "~/domain/landers/member-lander.server";
import { requestInfoContext } from "~/middleware/context";
import type { TranslationHandle } from "~/lib/i18n";
import { bodyError, readFields } from "~/middleware/request-body.server";
import { getInstance } from "~/middleware/i18n.server";
import { useTranslation } from "~/ui/use-translation";
import type { Route } from "./+types/activate";
import { titleMeta } from "~/ui/page-title";

export const handle: TranslationHandle = { i18n: ["signup"] };

const loginForm = z.object({ login: z.string().min(1).max(200) });

/** Where a member goes once logged in: the chat of a member lander's signup, else /activate/done. */
async function nextFor(userId: number) {
  return (await chatAfterActivation(userId)) ?? "/activate/done";
}

/**
 * The activation link from the mail (GET /activate?token=…): single use, expires. Opening it
 * confirms the address and names the account, but never logs in by itself: a mail scanner must not
 * end up with a session, and a link someone sent must not put a visitor in the sender's account.
 * In a browser where no one is logged in, its first opening offers a button whose POST logs in
 * (docs/decisions/0033-activation-login-and-password-reentry.md). Another member logged in here
 * keeps their session and is asked to log out first; the same member goes on at once. Opened again,
 * it shows /activate/done, which offers the login; any bad link goes to /activate/error.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const activated = await activateAccount(token);
  if (!activated) throw redirect("/activate/error");
  const { user, site } = context.get(requestInfoContext);
  if (user && user.id !== activated.userId) {
    return {
      account: await accountLabelOf(activated.userId),
      loggedInAs: accountLabel(user),
      login: null,
      title: getInstance(context).t("signup:activate.doneTitle"),
      siteName: site.name,
    };
  }
  if (!activated.firstUse) throw redirect("/activate/done");
  if (user) throw redirect(await nextFor(user.id));
  return {
    account: await accountLabelOf(activated.userId),
    loggedInAs: null,
    login: await createActivationLogin(activated.userId),
    title: getInstance(context).t("signup:activate.doneTitle"),
    siteName: site.name,
  };
}

/**
 * The page's button: logs the member in with the page's one-time token and goes on. While another
 * member is logged in here (since the page was shown), nothing changes and the page asks again.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = loginForm.safeParse(await readFields(request));
  if (!form.success) bodyError(request, "bad_request");
  const { user } = context.get(requestInfoContext);
  const owner = await activationLoginUser(form.data.login);
  if (owner === null) throw redirect("/activate/error");
  if (user && user.id !== owner) return data({ otherMember: true }, { status: 409 });
  const userId = await redeemActivationLogin(form.data.login);
  if (userId === null) throw redirect("/activate/error");
  if (user) throw redirect(await nextFor(userId));
  throw redirect(await nextFor(userId), {
    headers: { "Set-Cookie": await createSession(userId, request) },
  });
}

export const meta: Route.MetaFunction = ({ data }) =>
  titleMeta(
    data,
    // The token is in the address: never pass it on to another site.
    { name: "referrer", content: "same-origin" },
  );

export default function ActivateRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { account, loggedInAs, login } = loaderData;
  return (
    <main className="container py-4" style={{ maxWidth: 560 }}>
      <h1 className="h3 text-primary">{t("signup:activate.doneTitle")}</h1>
      <p data-testid="activate-account">{t("signup:activate.account", { ...account })}</p>
      {loggedInAs && (
        <div className="alert alert-warning" role="status" data-testid="activate-other-member">
          <p>{t("signup:activate.otherMember", { ...loggedInAs })}</p>
          <div className="d-flex gap-2 flex-wrap">
            <Form method="post" action="/logout">
              <button type="submit" className="btn btn-primary">
                {t("signup:activate.logout")}
              </button>
            </Form>
            <Link to="/members" className="btn btn-outline-primary">
              {t("signup:activate.continueAs", { name: loggedInAs.name })}
            </Link>
          </div>
        </div>
      )}
      {login && (
        <Form method="post">
          <input type="hidden" name="login" value={login} />
          <p>{t("signup:activate.loginText")}</p>
          <button type="submit" className="btn btn-primary">
            {t("signup:activate.loginButton")}
          </button>
        </Form>
      )}
    </main>
  );
}
