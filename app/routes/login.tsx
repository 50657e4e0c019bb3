import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import { z } from "zod";
import { useTranslation } from "~/ui/use-translation";
import { loginRefusalMessage, verifyLogin } from "~/domain/accounts/login.server";
import { mailReactivationLink } from "~/domain/accounts/reactivate-account.server";
import { linkOrigin } from "~/middleware/link-origin.server";
import { dateTimeFormat } from "~/lib/intl-formats";
import { requireAnonymous } from "~/middleware/guards.server";
import { visitorAccess } from "~/middleware/visitor-access.server";
import { loginSchema } from "~/domain/accounts/login-schemas";
import { createSession } from "~/middleware/session.server";
import { requestInfoContext } from "~/middleware/context";
import { getInstance } from "~/middleware/i18n.server";
import { clientIp } from "~/lib/client-ip.server";
import { safeRedirectPath } from "~/lib/redirect.server";
import { LOGIN_REASONS } from "~/middleware/login-path";
import { hydrateLater } from "~/ui/hydrate-later";
import type { DeletedNotice } from "~/ui/login-form";

import type { Route } from "./+types/login";
import { readForm } from "~/middleware/request-body.server";
import type { TranslationHandle } from "~/lib/i18n";
import { titleMeta } from "~/ui/page-title";

export const handle: TranslationHandle = { i18n: ["accounts", "member", "appeals"] };

const loginReason = z.enum(LOGIN_REASONS);

// The form works as plain HTML until its code (the form library) has loaded.
const LoginForm = hydrateLater(() => import("~/ui/login-form").then((m) => m.LoginForm));

export function loader({ request, context }: Route.LoaderArgs) {
  requireAnonymous(context);
  const { site } = context.get(requestInfoContext);
  const reason = loginReason.safeParse(new URL(request.url).searchParams.get("reason"));
  return {
    /** Why the visitor was sent here (like, chat, gift): said above the form. */
    reason: reason.success ? reason.data : null,
    siteName: site.name,
    title: getInstance(context).t("accounts:login.title"),
    signupOpen: visitorAccess(site, request).maySignUp,
  };
}

/**
 * The login form: one the schema refuses (no valid address, no password) answers 400 and counts as
 * no attempt; otherwise verifyLogin checks the password within the login lock
 * (docs/decisions/0032-login-lockout.md). A wrong password answers 400, a lock 429, a ban (only
 * after the right password) 403, each with the
 * typed address and never the password; a login opens a session the password proved and goes on
 * to `redirectTo` (only a path on this site). The right password of an account deleted within the
 * grace period answers 200 with when it was deleted and until when it can be restored, and mails a
 * new reactivation link (docs/product.md, Accounts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireAnonymous(context);
  const { t } = getInstance(context);
  const { site } = context.get(requestInfoContext);
  const submission = parseWithZod(await readForm(request), { schema: loginSchema(t) });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const { email, password, redirectTo } = submission.value;
  const result = await verifyLogin({ site, email, password, ip: clientIp(request) });
  if (!result.ok && result.error === "deleted") {
    const { mailed } = await mailReactivationLink({
      userId: result.userId,
      site,
      origin: linkOrigin(request, site),
    });
    const { language } = getInstance(context);
    const date = dateTimeFormat(language, { dateStyle: "long", timeZone: site.timeZone });
    const deleted: DeletedNotice = {
      deletedOn: date.format(result.deletedAt),
      restorableUntil: date.format(result.restorableUntil),
      mailed,
    };
    return data({ ...submission.reply({ hideFields: ["password"] }), deleted });
  }
  if (!result.ok) {
    const message = loginRefusalMessage(t, result);
    const reply = submission.reply({ formErrors: [message], hideFields: ["password"] });
    // A banned member (the password was right) is told why, with the ban policy and the complaints form.
    if (result.error === "banned") return data({ ...reply, banned: true as const }, { status: 403 });
    return data(reply, { status: result.error === "invalid" ? 400 : 429 });
  }
  const cookie = await createSession(result.userId, request, { passwordProven: true });
  return redirect(safeRedirectPath(redirectTo), { headers: { "Set-Cookie": cookie } });
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data);

export default function LoginRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main className="container py-4" style={{ maxWidth: 480 }}>
      <h1 className="h3 text-primary">{t("accounts:login.title")}</h1>
      {loaderData.reason && (
        <p className="alert alert-info" role="status" data-testid="login-reason">
          {t(`member:visitor.${loaderData.reason}`)}
        </p>
      )}
      <LoginForm actionData={actionData} />
      <p className="mt-3 mb-1">
        <Link to="/reset-password">{t("accounts:login.forgotPassword")}</Link>
      </p>
      {loaderData.signupOpen && (
        <p className="mb-0">
          {t("accounts:login.noAccount")} <Link to="/signup">{t("accounts:login.signup")}</Link>
        </p>
      )}
    </main>
  );
}
