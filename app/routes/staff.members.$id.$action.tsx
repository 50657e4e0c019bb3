import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { banMember, liftBan } from "~/domain/accounts/ban.server";
import {
  confirmEmailForMember,
  enableMailForMember,
  endSessionsForMember,
  resendActivationForMember,
  sendReactivationLinkForMember,
  unlockLoginForMember,
} from "~/domain/accounts/staff-member.server";
import { clearReportHold } from "~/domain/chat/report-hold.server";
import { adjustCredits } from "~/domain/credits/staff-adjustment.server";
import { nextDataExportAt, requestDataExport } from "~/domain/privacy/data-export.server";
import { unblockDirectDebit } from "~/domain/payments/refunds.server";
import { memberActionSchema } from "~/domain/staff/member-action-schemas";
import type { TranslationHandle } from "~/lib/i18n";
import { getInstance } from "~/middleware/i18n.server";
import { linkOrigin } from "~/middleware/link-origin.server";
import { readForm } from "~/middleware/request-body.server";
import { dateTimeFormat } from "~/lib/intl-formats";
import { MemberActionPage } from "~/ui/staff/member-action-page";
import { titleMeta } from "~/ui/page-title";
import { memberActionTarget } from "./+staff/member-action.server";
import type { Route } from "./+types/staff.members.$id.$action";

export const handle: TranslationHandle = { i18n: ["staffMemberActions"] };

/** The member's view for the page: what staff need to see before they decide. */
function memberView(member: Awaited<ReturnType<typeof memberActionTarget>>["member"]) {
  return {
    id: member.id,
    email: member.email,
    profileName: member.profileName,
    status: member.status,
    credits: member.credits,
    notificationsDisabled: member.notificationsDisabled,
    directDebitBlockedAt: member.directDebitBlockedAt?.toISOString() ?? null,
    ban: member.ban && { ...member.ban, createdAt: member.ban.createdAt.toISOString() },
  };
}

/** A time on the action pages, on the site's calendar, as the staff member's language writes it. */
function when(date: Date, language: string, timeZone: string) {
  return dateTimeFormat(language, { dateStyle: "long", timeStyle: "short", timeZone }).format(date);
}

/**
 * GET /staff/members/:id/:action: what the action will do to this member, and the form that
 * confirms it with a reason; 409 with the explanation when it does not apply to them now (for the
 * data archive also within a day of the last one, with when the next may be made).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { site, action, member, refusal } = await memberActionTarget(context, request, params);
  const { t, language } = getInstance(context);
  const exportAt = action === "export" && !refusal ? await nextDataExportAt(member.id) : null;
  return data(
    {
      action,
      member: memberView(member),
      refusal: exportAt ? "exportTooSoon" : refusal,
      refusalValues: (exportAt ? { at: when(exportAt, language, site.timeZone) } : {}) as Record<
        string,
        string
      >,
      title: t(`staffMemberActions:title.${action}`),
    },
    { status: refusal || exportAt ? 409 : 200 },
  );
}

/**
 * POST: performs the action (each one writes its staff log row with it) and returns to the member
 * page with `?done=<action>`; a form error comes back as 400 with what was typed, an action that
 * does not apply (any more) as 409, and nothing changes then.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { staff, site, action, member, refusal } = await memberActionTarget(context, request, params);
  const { t, language } = getInstance(context);
  const submission = parseWithZod(await readForm(request), { schema: memberActionSchema(action, t) });
  if (refusal) {
    return data(submission.reply({ formErrors: [t(`staffMemberActions:notApplicable.${refusal}`)] }), {
      status: 409,
    });
  }
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  // The schema of this action checked the fields it needs: the ban's reason, the credits' amount.
  const value = submission.value;
  const { reason } = value;
  const mail = { site, origin: linkOrigin(request, site) };
  let outcome: { ok: true } | { ok: false; error: string; balance?: number };
  switch (action) {
    case "ban":
      outcome = await banMember(staff, member.id, { banReason: value.banReason!, reason });
      break;
    case "lift-ban":
      outcome = await liftBan(staff, member.id, reason);
      break;
    case "credits":
      outcome = await adjustCredits(staff, member.id, { amount: value.amount!, reason });
      break;
    case "resend-activation":
      outcome = await resendActivationForMember(staff, member.id, reason, mail);
      break;
    case "reactivation-link":
      outcome = await sendReactivationLinkForMember(staff, member.id, reason, mail);
      break;
    case "confirm-email":
      outcome = await confirmEmailForMember(staff, member.id, reason);
      break;
    case "end-sessions":
      outcome = await endSessionsForMember(staff, member.id, reason);
      break;
    case "unlock-login":
      outcome = await unlockLoginForMember(staff, site, member.id, reason);
      break;
    case "unblock-direct-debit":
      outcome = (await unblockDirectDebit(member.id, staff, reason))
        ? { ok: true }
        : { ok: false, error: "notApplicable" };
      break;
    case "mail-on":
      outcome = await enableMailForMember(staff, member.id, reason);
      break;
    case "export": {
      // The archive and its mail go to the member, never to staff (docs/product.md, Your data).
      const made = await requestDataExport({
        userId: member.id,
        siteId: site.id,
        origin: mail.origin,
        staff: { actor: staff, reason },
      });
      if (!made.ok && made.error === "tooSoon") {
        const at = when(made.nextAt, language, site.timeZone);
        return data(
          submission.reply({ formErrors: [t("staffMemberActions:notApplicable.exportTooSoon", { at })] }),
          { status: 409 },
        );
      }
      outcome = made.ok ? { ok: true } : made;
      break;
    }
    case "clear-report-hold":
      outcome = await clearReportHold(staff, member.id, reason);
      break;
  }
  if (!outcome.ok) {
    if (outcome.error === "notFound") throw data(null, { status: 404 });
    if (outcome.error === "insufficient") {
      const message = t("staffMemberActions:validation.insufficient", { balance: outcome.balance ?? 0 });
      return data(submission.reply({ fieldErrors: { amount: [message] } }), { status: 400 });
    }
    // Another staff member decided first: the page says what holds now.
    return data(submission.reply({ formErrors: [t("staffMemberActions:notApplicable.changed")] }), {
      status: 409,
    });
  }
  return redirect(`/staff/members/${member.id}?done=${action}`);
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data, { name: "robots", content: "noindex" });

export default function StaffMemberActionRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <MemberActionPage {...loaderData} lastResult={actionData} />;
}
