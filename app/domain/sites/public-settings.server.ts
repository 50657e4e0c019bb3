import type { Site } from "./site.server";

/**
 * The site's settings as `GET /api/settings.php` answers them: what the site shows
 * anyway (names, prices in credits, search fields…). Partner addresses and limits stay inside.
 */
export function publicSettings(
  site: Site,
  { country, pushPublicKey }: { country: string; pushPublicKey: string },
) {
  return {
    name: site.name,
    domain: site.domain,
    domain_language: site.domainLanguage,
    countries: site.countries,
    index_title: site.indexTitle,
    description: site.description,
    cdn_prefix: site.cdnPrefix,
    geoip_country: country,
    geoip_selected_country: site.geoipSelectedCountry,
    enable_site_entry_popup: site.enableSiteEntryPopup,
    signups: site.signups,
    logged_out_search: site.loggedOutSearch,
    logged_out_search_trafficsource: site.loggedOutSearchTrafficsource,
    push_public_key: pushPublicKey,
    support_phone: site.supportPhone,
    support_email: site.supportEmail,
    fictional_icon: site.fictionalIcon,
    fictional_warning: site.fictionalWarning,
    fictional_singular: site.fictionalSingular,
    fictional_plural: site.fictionalPlural,
    visible_profile_fields: site.visibleProfileFields,
    visible_profile_notes: site.visibleProfileNotes,
    search_fields: site.searchFields,
    message_credits: site.messageCredits,
    photo_credits: site.photoCredits,
    gift_credits: site.giftCredits,
    signup_credits: site.signupCredits,
    message_length: site.messageLength,
    minimum_message_costs: site.minimumMessageCosts,
    refund_days: site.refundDays,
    member_resell: site.memberResell,
  };
}
