import { useTranslation } from "~/ui/use-translation";
import { Form, Link } from "react-router";

/** The page instead of a profile when either side blocked the other, with the way to lift one's own block. */
export function BlockedNotice({
  view,
}: {
  view: { name: string | null; byViewer: boolean; byOwner: boolean };
}) {
  const { t } = useTranslation();
  return (
    <main className="container py-4" style={{ maxWidth: 640 }} data-testid="blocked-notice">
      <h1 className="h3 text-primary">{t("member:blocked.title")}</h1>
      {view.byOwner && <p>{t("member:blocked.byOwner")}</p>}
      {view.byViewer && (
        <>
          <p>{t("member:blocked.byViewer", { name: view.name })}</p>
          <Form method="post" className="mb-3">
            <input type="hidden" name="intent" value="unblock" />
            <button type="submit" className="btn btn-primary">
              {t("member:unblock.button")}
            </button>
          </Form>
        </>
      )}
      <Link to="/members">{t("member:blocked.toSearch")}</Link>
    </main>
  );
}
