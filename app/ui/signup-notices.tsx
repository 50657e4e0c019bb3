import { useTranslation } from "~/ui/use-translation";

// Outside the signup form's module: pages show them without loading the form's code.

export function SupportMailLink({ email }: { email: string }) {
  return <a href={`mailto:${email}`}>{email}</a>;
}

/** Instead of the signup form, where this visitor may not sign up. */
export function InviteOnlyNotice() {
  const { t } = useTranslation();
  return (
    <div className="alert alert-info" data-testid="signup-invite-only">
      <h2 className="h5">{t("signup:inviteOnly.title")}</h2>
      <p className="mb-0">{t("signup:inviteOnly.text")}</p>
    </div>
  );
}
