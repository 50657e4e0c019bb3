// The root route's request middlewares, in the order they run: the site, the session and the
// country first, then the page's language, then campaign tracking, then the terms check (a member
// asked to accept new terms goes to that form). `app/root.tsx` exports them as its `middleware`;
// the tests run routes behind this same list.
import type { MiddlewareFunction } from "react-router";
import { i18nextMiddleware } from "./i18n.server";
import { requestInfoMiddleware } from "./request-info.server";
import { termsConsentMiddleware } from "./terms-consent.server";
import { trackingMiddleware } from "./tracking.server";

export const rootMiddleware: MiddlewareFunction<Response>[] = [
  requestInfoMiddleware,
  i18nextMiddleware,
  trackingMiddleware,
  termsConsentMiddleware,
];
