import { useTranslation } from "~/ui/use-translation";
import { useFetcher } from "react-router";
import { SWIPE_FETCHER_KEY, type SwipeActionData, type SwipeNotice } from "./fetcher";

/**
 * "It's a match!" or "this member is gone" after a swipe: from the page's address after a plain
 * form, or from the fetcher's answer with JavaScript. The live region stays, so changes are read out.
 */
export function SwipeNoticeAlert({ fromPage }: { fromPage: SwipeNotice | null }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<SwipeActionData>({ key: SWIPE_FETCHER_KEY });
  const notice = fetcher.data ? fetcher.data.notice : fromPage;
  return (
    <div role="status" aria-live="polite">
      {notice && (
        <p
          className={`alert ${notice === "matched" ? "alert-success" : "alert-info"} py-2`}
          data-testid="swipe-notice"
        >
          {t(`swipe:notice.${notice}`)}
        </p>
      )}
    </div>
  );
}
