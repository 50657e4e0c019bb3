import { useSyncExternalStore } from "react";
import { useTranslation } from "~/ui/use-translation";

const subscribeNothing = () => () => {};
/** The browser's time zone once hydrated; UTC on the server and during hydration, so both render the same. */
function useTimeZone() {
  return useSyncExternalStore(
    subscribeNothing,
    () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    () => "UTC",
  );
}

/** A date and time in the reader's language and time zone (UTC, marked as such, before hydration). */
export function LocalTime({ iso }: { iso: string }) {
  const { language } = useTranslation();
  const timeZone = useTimeZone();
  const text = new Intl.DateTimeFormat(language, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone,
    ...(timeZone === "UTC" ? { timeZoneName: "short" as const } : {}),
  }).format(new Date(iso));
  return <time dateTime={iso}>{text}</time>;
}
