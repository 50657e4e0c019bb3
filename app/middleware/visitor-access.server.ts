import {
  accessFor,
  type VisitorAccess,
  type VisitorAccessSettings,
} from "~/domain/sites/visitor-access.server";
import { readTracking } from "./tracking.server";

/** What the visitor of this request may do (tracking from the URL, else from the cookie). */
export function visitorAccess(site: VisitorAccessSettings, request: Request): VisitorAccess {
  return accessFor(site, readTracking(request));
}
