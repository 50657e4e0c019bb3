import { useTranslation } from "~/ui/use-translation";
import { Link } from "react-router";
import type { ChatGate } from "~/domain/chat/chat-types";
import { loginPath } from "~/domain/profiles/login-path";

/** Why the viewer cannot write here, or (unconfirmed viewer) why replies cannot reach them yet. */
export function GateNotice({ gate }: { gate: ChatGate }) {
  const { t } = useTranslation();
  if (gate === "ok") return null;
  if (gate === "ownUnconfirmed") {
    return (
      <div className="alert alert-warning m-2" role="status" data-testid="chat-gate-ownUnconfirmed">
        {t("chat:gate.ownUnconfirmed")}{" "}
        <Link to="/complete-signup" className="alert-link">
          {t("chat:gate.confirm")}
        </Link>
      </div>
    );
  }
  if (gate === "ownInvisible") {
    return (
      <div className="alert alert-warning m-2" role="status" data-testid="chat-gate-ownInvisible">
        {t("chat:gate.ownInvisible")}{" "}
        <Link to="/settings#invisible-title" className="alert-link">
          {t("chat:gate.becomeVisible")}
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
