// Which tab this is and whether it is looked at: the server holds pushes back while a member has a
// visible tab (domain/notifications/presence). The stream says "open and visible"; the
// page-hidden beacon says "hidden"; becoming visible again reopens the stream.

const TAB_KEY = "hartklop.tab";
let memoryTabId: string | null = null;

function newTabId() {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** This tab's id: kept in sessionStorage, so a reload keeps it and another tab gets its own. */
function tabId(): string {
  try {
    let id = sessionStorage.getItem(TAB_KEY);
    if (!id || !/^[\w-]{8,40}$/.test(id)) {
      id = newTabId();
      sessionStorage.setItem(TAB_KEY, id);
    }
    return id;
  } catch {
    memoryTabId ??= newTabId();
    return memoryTabId;
  }
}

/** The stream's address: this tab, whether it opens in the background, where to resume. */
export function eventStreamUrl(lastEventId: string): string {
  const params = new URLSearchParams({ tab: tabId() });
  if (document.visibilityState === "hidden") params.set("hidden", "1");
  if (lastEventId) params.set("lastEventId", lastEventId);
  return `/api/events?${params}`;
}

/** `POST /api/page-hidden.php` as a beacon with an empty JSON body. */
export function reportPageHidden() {
  const url = `/api/page-hidden.php?tab=${encodeURIComponent(tabId())}`;
  const body = new Blob(["{}"], { type: "application/json" });
  if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon(url, body)) return;
  void fetch(url, { method: "POST", body, keepalive: true }).catch(() => {});
}
