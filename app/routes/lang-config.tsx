import { Form, redirect } from "react-router";
import { useTranslation } from "~/ui/use-translation";
import { z } from "zod";
import { saveUserLanguage } from "~/domain/accounts/settings.server";
import { requestInfoContext } from "~/middleware/context";
import { LOCALE_COOKIE, cookieHeader } from "~/lib/cookies.server";
import { SUPPORTED_LOCALES } from "~/lib/i18n";
import { getInstance, getLocale } from "~/middleware/i18n.server";
import { safeRedirectPath } from "~/lib/redirect.server";
import type { Route } from "./+types/lang-config";
import { readFields } from "~/middleware/request-body.server";
import { titleMeta } from "~/ui/page-title";

const formSchema = z.object({
  locale: z.enum(SUPPORTED_LOCALES),
  redirectTo: z.string().optional(),
});

export function loader({ context }: Route.LoaderArgs) {
  return {
    current: getLocale(context),
    title: getInstance(context).t("language.title"),
    siteName: context.get(requestInfoContext).site.name,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = formSchema.safeParse(await readFields(request));
  if (!parsed.success) {
    return { error: getInstance(context).t("language.invalid") };
  }
  const { user } = context.get(requestInfoContext);
  if (user) await saveUserLanguage(user.id, parsed.data.locale);
  return redirect(safeRedirectPath(parsed.data.redirectTo ?? "/lang-config"), {
    headers: { "Set-Cookie": cookieHeader(LOCALE_COOKIE, parsed.data.locale) },
  });
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data);

/** Every language is available here, also those not offered in the visitor's country. */
export default function LangConfigRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main className="container py-4" style={{ maxWidth: 540 }}>
      <h1 className="h3 text-primary">{t("language.title")}</h1>
      <p>{t("language.intro")}</p>
      {actionData?.error && (
        <div className="alert alert-danger" role="alert">
          {actionData.error}
        </div>
      )}
      <Form method="post" reloadDocument>
        <fieldset className="mb-3">
          <legend className="visually-hidden">{t("language.choose")}</legend>
          {SUPPORTED_LOCALES.map((locale) => (
            <div className="form-check" key={locale}>
              <input
                className="form-check-input"
                type="radio"
                name="locale"
                id={`locale-${locale}`}
                value={locale}
                defaultChecked={locale === loaderData.current}
              />
              <label className="form-check-label" htmlFor={`locale-${locale}`} lang={locale}>
                {t(`language.names.${locale}`)}
              </label>
            </div>
          ))}
        </fieldset>
        <button type="submit" className="btn btn-primary">
          {t("language.save")}
        </button>
      </Form>
    </main>
  );
}
