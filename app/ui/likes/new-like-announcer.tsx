import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { fetchJsonWithRetry } from "../live-counts/fetch-with-retry";
import { NewLikeModal, type AnnouncedProfile } from "./new-like-modal";

/** The likes shown reload about 0.5 s after a like was announced. */
const RELOAD_AFTER_MS = 500;
const MAX_DELAY_S = 600;

/**
 * `?t=N`: after N seconds asks /api/auto-like.php for the newest like not announced yet, shows the
 * "New like!" modal for it and takes `t` out of the address (replacing the history entry).
 */
export function NewLikeAnnouncer() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [profile, setProfile] = useState<AnnouncedProfile | null>(null);
  const delay = Number(searchParams.get("t"));
  const requested = searchParams.has("t") && Number.isFinite(delay) && delay >= 0 && delay <= MAX_DELAY_S;
  useEffect(() => {
    if (!requested) return;
    let reload: ReturnType<typeof setTimeout> | undefined;
    const timer = setTimeout(async () => {
      const answer = await fetchJsonWithRetry<{ profile?: AnnouncedProfile | null }>(
        "/api/auto-like.php",
      ).catch(() => null);
      if (answer?.body.profile) setProfile(answer.body.profile);
      reload = setTimeout(() => {
        setSearchParams(
          (params) => {
            params.delete("t");
            return params;
          },
          { replace: true, preventScrollReset: true },
        );
      }, RELOAD_AFTER_MS);
    }, delay * 1000);
    return () => {
      clearTimeout(timer);
      clearTimeout(reload);
    };
  }, [requested, delay, setSearchParams]);
  return profile && <NewLikeModal profile={profile} onClose={() => setProfile(null)} />;
}
