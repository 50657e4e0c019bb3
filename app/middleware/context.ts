import { createContext } from "react-router";
import type { Site } from "~/domain/sites/site.server";
import type { SessionUser } from "~/domain/accounts/session.server";
import type { MemberCounts } from "~/domain/accounts/member-counts";
import type { SearchViewer } from "~/domain/search/search-viewer.server";

interface RequestInfo {
  requestId: string;
  /** Per-request CSP nonce for inline scripts. */
  nonce: string;
  site: Site;
  country: string;
  installedApp: boolean;
  /** A page being opened: its document or a navigation's data request, not a call, stream or post. */
  rendersPage: boolean;
  user: SessionUser | null;
  sessionId: string | null;
  /**
   * The member's totals, read with the session for a request that renders a page; null when not read
   * (then the root loader reads them itself).
   */
  memberCounts: MemberCounts | null;
  /** Read with `memberCounts`: the profile ids of the likers it names (`newLikesSql`). */
  newLikers: readonly number[] | null;
  /** The member as the search sees them, read with the session on the search page; null when not read. */
  searchViewer: SearchViewer | null;
}

export const requestInfoContext = createContext<RequestInfo>();
