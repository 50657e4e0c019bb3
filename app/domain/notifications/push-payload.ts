/** What a push carries to the service worker (public/sw.js shows it). */
export interface PushPayload {
  title: string;
  body: string;
  /** The sender's thumbnail, or the site's icon. */
  icon: string;
  /** Opened on click: the conversation or the liker's profile. */
  url: string;
  /** Pushes with the same tag replace each other (one per conversation, one per liker). */
  tag: string;
}

export const FALLBACK_PUSH_ICON = "/icons/icon-192.png";
