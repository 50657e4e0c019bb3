import { createContext } from "react-router";
import type { Site } from "~/domain/sites/site.server";
import type { SessionUser } from "~/domain/accounts/session.server";

export interface RequestInfo {
  requestId: string;
  /** Per-request CSP nonce for inline scripts. */
  nonce: string;
  site: Site;
  country: string;
  installedApp: boolean;
  user: SessionUser | null;
  sessionId: string | null;
}

export const requestInfoContext = createContext<RequestInfo>();
