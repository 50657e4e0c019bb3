import type { DesignProps } from "./design-props";
import { hydrateLater } from "../hydrate-later";

// Each design is its own chunk: the page loads none of the others, and the one it shows hydrates
// once the page is interactive (its HTML, links and the signup form work before that).
const AdultOnlyDesign = hydrateLater(() => import("./adult-only").then((m) => m.AdultOnlyDesign));
const CollageDesign = hydrateLater(() => import("./collage").then((m) => m.CollageDesign));
const GalleryDesign = hydrateLater(() => import("./gallery").then((m) => m.GalleryDesign));
const IconsDesign = hydrateLater(() => import("./icons").then((m) => m.IconsDesign));
const MapDesign = hydrateLater(() => import("./map").then((m) => m.MapDesign));
const SlideshowDesign = hydrateLater(() => import("./slideshow").then((m) => m.SlideshowDesign));
const SocialFeedDesign = hydrateLater(() => import("./social-feed").then((m) => m.SocialFeedDesign));
const ThemedHeroDesign = hydrateLater(() => import("./themed-hero").then((m) => m.ThemedHeroDesign));
const TinderSwipeDesign = hydrateLater(() => import("./tinder-swipe").then((m) => m.TinderSwipeDesign));
const VideoDesign = hydrateLater(() => import("./video").then((m) => m.VideoDesign));

/** The design of a promotional lander, by its name. */
export function PromoLander(props: DesignProps) {
  switch (props.lander.design) {
    case "adultonly":
      return <AdultOnlyDesign {...props} />;
    case "tinderswipe":
      return <TinderSwipeDesign {...props} />;
    case "whoneedsstrings":
    case "alonetonight":
      return <ThemedHeroDesign {...props} theme={props.lander.design} />;
    case "collagelanding":
      return <CollageDesign {...props} />;
    case "gallery":
      return <GalleryDesign {...props} />;
    case "iconslanding":
      return <IconsDesign {...props} />;
    case "maplanding":
      return <MapDesign {...props} />;
    case "socialnetwork":
      return <SocialFeedDesign {...props} />;
    case "transitionsvideolanding":
      return <SlideshowDesign {...props} />;
    case "video":
      return <VideoDesign {...props} />;
  }
}
