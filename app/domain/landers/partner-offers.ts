// Shapes the partner blocks hand to the page (shared by server and UI: no server code here).

/** The partner offer for a visitor who may not sign up here (the site's `memberResell`). */
export interface ResellOfferData {
  /** The partner URL with the visitor's tracking data, built on the server (http or https only). */
  url: string;
  /** Seconds before the page sends the visitor on (with JavaScript; without, a link and a refresh). */
  countdownSeconds: number;
}

/** One cam teaser from the partner feed ("featured", "live now"). */
export interface CamTeaser {
  name: string;
  imageUrl: string;
  url: string;
  live: boolean;
  featured: boolean;
}
