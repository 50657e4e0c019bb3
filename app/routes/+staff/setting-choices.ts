// The names a site may pick for its visible profile fields and its search filters, from the areas
// that use them: the settings form lists them and the server accepts only these.
import { VISIBILITY_KEYS } from "~/domain/profiles/profile-edit-fields";
import { SEARCH_FIELDS } from "~/domain/search/search-fields";
import type { SettingChoices } from "~/domain/sites/site-settings";

export const SETTING_CHOICES: SettingChoices = {
  visibleProfileFields: ["gender", "age", ...new Set(Object.values(VISIBILITY_KEYS))],
  searchFields: SEARCH_FIELDS,
};
