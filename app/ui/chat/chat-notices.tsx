import { useTranslation } from "~/ui/use-translation";
import { Form, Link } from "react-router";
import type { ChatGate } from "~/domain/chat/chat-types";
import { loginPath } from "~/middleware/login-path";

/** Where a viewer who may write, but gets no replies yet, makes replies possible. */
const WAYS_OUT = {
  ownUnconfirmed: { to: "/complete-signup", label: "chat:gate.confirm" },
  ownInvisible: { to: "/settings#invisible-title", label: "chat:gate.becomeVisible" },
} as const;

/**
 * The unconfirmed e-mail notice: an unconfirmed member starts no conversation. The button posts
 * the complete-signup step's own resend form (its limits apply), with or without JavaScript.
 */
export function ConfirmFirstNotice({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <div className={`alert alert-warning ${className}`} role="alert" data-testid="chat-confirm-first">
      <p className="mb-2">{t("chat:refused.confirmFirst")}</p>
      <Form method="post" action="/complete-signup">
        <button type="submit" name="intent" value="resend" className="btn btn-primary btn-sm">
          {t("chat:gate.resend")}
        </button>
      </Form>
    </div>
  );
}

/** Why the viewer cannot write here, or (unconfirmed or invisible viewer) why replies cannot reach them yet. */
export function GateNotice({ gate }: { gate: ChatGate }) {
  const { t } = useTranslation();
  if (gate === "ok") return null;
  if (gate === "confirmFirst") return <ConfirmFirstNotice className="m-2" />;
  if (gate === "ownUnconfirmed" || gate === "ownInvisible") {
    const wayOut = WAYS_OUT[gate];
    return (
      <div className="alert alert-warning m-2" role="status" data-testid={`chat-gate-${gate}`}>
        {t(`chat:gate.${gate}`)}{" "}
        <Link to={wayOut.to} className="alert-link">
          {t(wayOut.label)}
        </Link>
      </div>
    );
  }
  return (
    <div className="alert alert-info m-2" role="status" data-testid={`chat-gate-${gate}`}>
      {t(`chat:refused.${gate}`)}
    </div>
  );
}

/** Visitors: "Je moet ingelogd zijn om te chatten", with the way to log in or sign up. */
export function VisitorChatNotice({ path }: { path: string }) {
  const { t } = useTranslation();
  return (
    <div className="m-3 text-center" data-testid="chat-visitor">
      <p className="lead">{t("member:visitor.chat")}</p>
      <div className="d-flex gap-2 justify-content-center">
        <Link to={loginPath(path, "chat")} className="btn btn-primary" rel="nofollow">
          {t("chat:visitor.login")}
        </Link>
        <Link to="/signup" className="btn btn-outline-primary" rel="nofollow">
          {t("chat:visitor.signup")}
        </Link>
      </div>
    </div>
  );
}
