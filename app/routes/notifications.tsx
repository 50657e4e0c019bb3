import type { TranslationHandle } from "~/lib/i18n";
import { data, redirect, useLocation, useSearchParams } from "react-router";
import { useTranslation } from "~/ui/use-translation";
import { z } from "zod";
import { requireUser } from "~/middleware/guards.server";
import { notificationsIntent } from "~/routes/+settings/settings-intents.server";
import { loadNotificationSettings } from "~/domain/notifications/notification-settings.server";
import { dismissPushAlert, removePushSubscription } from "~/domain/notifications/push-subscriptions.server";
import { requestInfoContext } from "~/middleware/context";
import { getInstance } from "~/middleware/i18n.server";
import { safeRedirectPath } from "~/lib/redirect.server";
import { CardSection } from "~/ui/card-section";
import { PushDeviceList, ThisDevicePush } from "~/ui/push/push-devices";
import { NotificationsForm } from "~/ui/settings/notifications-form";
import type { Route } from "./+types/notifications";
import { readForm } from "~/middleware/request-body.server";
import { rowIdSchema } from "~/lib/row-id";
import { titleMeta } from "~/ui/page-title";

export const handle: TranslationHandle = { i18n: ["push", "settings"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { site } = context.get(requestInfoContext);
  return {
    ...(await loadNotificationSettings(user.id)),
    siteName: site.name,
    title: getInstance(context).t("push:title"),
  };
}

const deviceSchema = z.object({ device: rowIdSchema });

/** The eight mail switches (shared with /settings), removing a device, closing the push alert. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const formData = await readForm(request);
  switch (formData.get("intent")) {
    case "notifications":
      return notificationsIntent({ formData, userId: user.id }, "/notifications");
    case "removeDevice": {
      const parsed = deviceSchema.safeParse({ device: formData.get("device") });
      if (!parsed.success) throw data(null, { status: 400 });
      // Another member's device id is simply not found among this member's.
      if (!(await removePushSubscription(user.id, { id: parsed.data.device })))
        throw data(null, { status: 404 });
      return redirect("/notifications?saved=device");
    }
    case "dismissPushAlert":
      await dismissPushAlert(user.id);
      return redirect(safeRedirectPath(formData.get("redirectTo")));
    default:
      throw data(null, { status: 400 });
  }
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data);

export default function NotificationsRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const { key } = useLocation();
  const saved = searchParams.get("saved");
  return (
    <main className="container py-4" style={{ maxWidth: 720 }}>
      <h1 className="h3 text-primary mb-3">{t("push:title")}</h1>
      <p>{t("push:intro")}</p>
      {(saved === "notifications" || saved === "device") && (
        <div className="alert alert-success" role="status" data-testid="notifications-saved">
          {saved === "device" ? t("push:devices.removed") : t("settings:saved.notifications")}
        </div>
      )}
      <CardSection id="push-device" title={t("push:device.title")} testId="notifications-push">
        <ThisDevicePush devices={loaderData.devices} />
      </CardSection>
      <CardSection id="push-devices" title={t("push:devices.title")} testId="notifications-devices">
        <PushDeviceList devices={loaderData.devices} />
      </CardSection>
      <CardSection id="emails" title={t("push:emails.title")} testId="notifications-emails">
        <NotificationsForm key={key} notifications={loaderData.notifications} />
      </CardSection>
    </main>
  );
}
