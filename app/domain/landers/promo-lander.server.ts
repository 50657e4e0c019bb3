import { shownToOthers } from "~/domain/profiles/member-card";
import { regionsOf } from "~/domain/core/regions";
import type { Site } from "~/domain/sites/site.server";
import {
  LANDER_THEMES,
  regionSlug,
  type LanderName,
  type LanderTheme,
  type LanderVariant,
  type PromoLanderData,
} from "./designs";
import { landerMembers, regionCounts } from "./lander-members.server";

/** Members a lander shows at most (the designs use fewer). */
const MEMBERS_PER_LANDER = 12;

/** The visitor's country when the site serves it, otherwise the site's preselected one (as search does). */
function landerCountry(site: Pick<Site, "countries" | "geoipSelectedCountry">, country: string) {
  return site.countries.includes(country) ? country : site.geoipSelectedCountry;
}

/** The slug as a region of the country, a theme, or (anything else) the default. */
function landerVariant(country: string, slug: string | null): LanderVariant {
  if (!slug) return { kind: "default" };
  const region = regionsOf(country).find((name) => regionSlug(name) === slug);
  if (region) return { kind: "region", region };
  if ((LANDER_THEMES as readonly string[]).includes(slug))
    return { kind: "theme", theme: slug as LanderTheme };
  return { kind: "default" };
}

/**
 * The members a promotional lander is built from: the visitor's country, narrowed by the slug's
 * region or theme; a region or theme without members falls back to the whole country. The members
 * show what the site's `visible_profile_fields` allow (applied after the cache, so a change shows at once).
 */
export async function loadPromoLander(
  site: Pick<Site, "id" | "countries" | "geoipSelectedCountry" | "cdnPrefix" | "visibleProfileFields">,
  visitorCountry: string,
  design: LanderName,
  slug: string | null,
): Promise<PromoLanderData> {
  const country = landerCountry(site, visitorCountry);
  let variant = landerVariant(country, slug);
  const [chosen, regions] = await Promise.all([
    landerMembers(site.id, country, variant, MEMBERS_PER_LANDER),
    design === "maplanding" ? regionCounts(site.id, country) : null,
  ]);
  let members = chosen;
  if (members.length === 0 && variant.kind !== "default") {
    variant = { kind: "default" };
    members = await landerMembers(site.id, country, variant, MEMBERS_PER_LANDER);
  }
  const prefix = site.cdnPrefix.replace(/\/+$/, "");
  const videoUrl =
    design === "video" && /^https?:\/\//.test(prefix)
      ? `${prefix}/landers/video/${encodeURIComponent(slug ?? "default")}.mp4`
      : null;
  const shown = members.map((member) => shownToOthers(member, site.visibleProfileFields));
  return { design, country, variant, members: shown, regions, videoUrl };
}
