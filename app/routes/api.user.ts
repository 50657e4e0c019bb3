import { data } from "react-router";
import { z } from "zod";
import { loginRefusalMessage, verifyLogin, type LoginResult } from "~/domain/accounts/login.server";
import { saveUserLanguage } from "~/domain/accounts/settings.server";
import { scopeKey } from "~/domain/accounts/scope-key.server";
import type { SessionUser } from "~/domain/accounts/session.server";
import type { Site } from "~/domain/sites/site.server";
import { createSession, getSession } from "~/middleware/session.server";
import { memberCounts } from "~/domain/accounts/member-counts.server";
import { authenticationRequired, noStore } from "~/lib/api-responses.server";
import { clientIp } from "~/lib/client-ip.server";
import { requestInfoContext } from "~/middleware/context";
import { LOCALE_COOKIE, cookieHeader } from "~/lib/cookies.server";
import { SUPPORTED_LOCALES } from "~/lib/i18n";
import { getInstance } from "~/middleware/i18n.server";
import { ownMainImage } from "./+api/main-image";
import { pushSubscriptionCall } from "./+api/push-subscription-call.server";
import type { Route } from "./+types/api.user";
import { readJson, readJsonOrForm } from "~/middleware/request-body.server";

/**
 * The current user as the calls give it (field `user`, docs/product.md, JSON calls): the account,
 * the site's `fictional_icon` (whether fictional profiles carry their badge for this member), the
 * member's `scope_key` and the profile with its main image, also while that is under inspection.
 */
function publicUser(user: SessionUser | null, site: Site) {
  if (!user) return null;
  return {
    status: user.status,
    credits: user.credits,
    paid_user: user.paidUser,
    language: user.language,
    fictional_icon: site.fictionalIcon,
    scope_key: scopeKey({ siteId: user.siteId, userId: user.id }),
    signup_date: user.signupDate.toISOString(),
    notifications_disabled: user.notificationsDisabled,
    profile: user.profile && {
      id: user.profile.id,
      name: user.profile.name,
      country: user.profile.country,
      status: user.profile.status,
      main_image: ownMainImage(user.profile.mainPhoto),
    },
  };
}

/**
 * GET /api/user.php: the current user, refetched by the browser at start and periodically, with the
 * top bar's counts (`summary`) so one small call keeps the badges and the tab title current.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { user, site } = context.get(requestInfoContext);
  if (!user) return data({ user: null }, { headers: noStore });
  const counts = await memberCounts(user.id);
  const summary = { num_unread_messages: counts.unreadMessages, num_new_likes: counts.newLikes };
  return data({ user: publicUser(user, site), summary }, { headers: noStore });
}

const languageBody = z.object({ language: z.enum(SUPPORTED_LOCALES) });

/**
 * The enhanced client logs in with JSON, a plain form with fields. Any two strings go to
 * verifyLogin as sent (it normalises the address itself); a call without them is refused as a
 * failed login, but counts as no attempt.
 */
const loginBody = z.object({ email: z.string(), password: z.string() });

/** POST logs in (form fields email and password); PUT {language} saves the member's language. */
export async function action({ request, context }: Route.ActionArgs) {
  const { user, sessionId, site } = context.get(requestInfoContext);
  if (new URL(request.url).searchParams.get("push") === "1") {
    return pushSubscriptionCall(request, user, sessionId);
  }
  if (request.method === "PUT") {
    if (!user) return authenticationRequired();
    const body = languageBody.safeParse(await readJson(request));
    if (!body.success) return data({ error: "invalid_language" }, { status: 400, headers: noStore });
    await saveUserLanguage(user.id, body.data.language);
    return data(
      { user: publicUser({ ...user, language: body.data.language }, site) },
      { headers: { ...noStore, "Set-Cookie": cookieHeader(LOCALE_COOKIE, body.data.language) } },
    );
  }
  if (request.method !== "POST") return data({ error: "method_not_allowed" }, { status: 405 });
  const body = loginBody.safeParse(await readJsonOrForm(request));
  const result: LoginResult = body.success
    ? await verifyLogin({ site, ...body.data, ip: clientIp(request) })
    : { ok: false, error: "invalid" };
  if (!result.ok) {
    const { t } = getInstance(context);
    // Restoring a deleted account is offered on the login page only (it mails a link); here the
    // login simply fails.
    const refusal = result.error === "deleted" ? ({ ok: false, error: "invalid" } as const) : result;
    const message = loginRefusalMessage(t, refusal);
    return data({ error: refusal.error, message }, { status: 401, headers: noStore });
  }
  const cookie = await createSession(result.userId, request, { passwordProven: true });
  // The response field `user`: the new session's user, read as every later request reads it.
  const session = await getSession(
    new Request(request.url, { headers: { Cookie: cookie.split(";")[0]! } }),
    site.id,
  );
  return data(
    { ok: true, user: publicUser(session?.user ?? null, site) },
    { headers: { ...noStore, "Set-Cookie": cookie } },
  );
}
