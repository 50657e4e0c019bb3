import { Link } from "react-router";
import { useTranslation } from "~/ui/use-translation";

export function ErrorPage({ status, message }: { status: number; message: string }) {
  const { t } = useTranslation();
  return (
    <main className="container py-5 text-center" data-testid="error-page">
      {/* React puts it in the head: an error page has no route meta of its own. */}
      <title>{`${status} · ${message}`}</title>
      <h1 className="display-4 text-primary">{status}</h1>
      <p className="lead">{message}</p>
      {status === 404 && (
        <Link to="/" className="btn btn-primary">
          {t("error.backHome")}
        </Link>
      )}
    </main>
  );
}
