import type { DesignProps } from "./design-props";
import { AdultOnlyDesign } from "./adult-only";
import { CollageDesign } from "./collage";
import { GalleryDesign } from "./gallery";
import { IconsDesign } from "./icons";
import { MapDesign } from "./map";
import { SlideshowDesign } from "./slideshow";
import { SocialFeedDesign } from "./social-feed";
import { ThemedHeroDesign } from "./themed-hero";
import { TinderSwipeDesign } from "./tinder-swipe";
import { VideoDesign } from "./video";

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
