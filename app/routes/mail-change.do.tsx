import type { TranslationHandle } from "~/lib/i18n";
import { data, Form, Link, redirect, useSearchParams } from "react-router";
import { useTranslation } from "~/ui/use-translation";
import {
  EMAIL_CHANGE_ERROR_KEYS,
  confirmEmailChange,
  peekEmailChange,
} from "~/domain/accounts/email-change.server";
import { requestInfoContext } from "~/middleware/context";
import { getInstance } from "~/middleware/i18n.server";
import type { Route } from "./+types/mail-change.do";
import { readForm } from "~/middleware/request-body.server";
import { titleMeta } from "~/ui/page-title";

export const handle: TranslationHandle = { i18n: ["settings"] };

// Open to everyone: the link in the mail is the proof. The GET only shows the address and a button,
// so a mail scanner that opens links cannot use the link up; the POST makes the change.
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const { site, user } = context.get(requestInfoContext);
  return {
    token,
    newEmail: token ? await peekEmailChange(token) : null,
    loggedIn: user !== null,
    siteName: site.name,
    title: getInstance(context).t("settings:mailChange.title"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { t } = getInstance(context);
  const token = (await readForm(request)).get("token");
  const result = await confirmEmailChange(typeof token === "string" ? token : "");
  if (!result.ok) return data({ error: t(EMAIL_CHANGE_ERROR_KEYS[result.error]) }, { status: 400 });
  return redirect("/mail-change/do?done=1");
}

export const meta: Route.MetaFunction = ({ data }) =>
  titleMeta(
    data,
    // The token is in the address: never pass it on to another site.
    { name: "referrer", content: "same-origin" },
  );

export default function MailChangeDoRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const done = searchParams.get("done") === "1" && !actionData;
  const next = loaderData.loggedIn ? (
    <Link to="/settings" className="btn btn-primary">
      {t("settings:mailChange.toSettings")}
    </Link>
  ) : (
    <Link to="/login" className="btn btn-primary">
      {t("settings:mailChange.toLogin")}
    </Link>
  );
  let content: React.ReactNode;
  if (done) {
    content = (
      <>
        <div className="alert alert-success" role="status">
          {t("settings:mailChange.done")}
        </div>
        {next}
      </>
    );
  } else if (actionData?.error || !loaderData.newEmail) {
    content = (
      <>
        <div className="alert alert-danger" role="alert">
          {actionData?.error ?? t("settings:reset.invalidLink")}
        </div>
        {next}
      </>
    );
  } else {
    content = (
      <Form method="post">
        <input type="hidden" name="token" value={loaderData.token} />
        <p>{t("settings:mailChange.confirmIntro", { email: loaderData.newEmail })}</p>
        <button type="submit" className="btn btn-primary">
          {t("settings:mailChange.confirm")}
        </button>
      </Form>
    );
  }
  return (
    <main className="container py-4" style={{ maxWidth: 540 }}>
      <h1 className="h3 text-primary">{t("settings:mailChange.title")}</h1>
      {content}
    </main>
  );
}
