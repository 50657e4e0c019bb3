export type LayoutKind = "default" | "chat" | "lander" | "empty";

interface EntryWarningInput {
  layout: LayoutKind;
  installedApp: boolean;
  loggedIn: boolean;
  /** The enable_site_entry_popup setting: "no", "yes", or comma-separated country codes. */
  setting: string;
  dismissedAt: number | null;
  country: string;
}

/** On the chat and lander layouts the warning applies to these countries only. */
const CHAT_AND_LANDER_COUNTRIES = ["NL", "DE"];

function settingCountries(setting: string): string[] | null {
  const value = setting.trim().toLowerCase();
  if (value === "" || value === "yes" || value === "true" || value === "1") return null;
  return value
    .split(",")
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);
}

/** Whether the adult-content entry warning shows (docs/product.md, Sites, languages and countries). */
export function shouldShowEntryWarning(input: EntryWarningInput): boolean {
  if (input.layout === "empty") return false;
  if (input.installedApp || input.loggedIn || input.dismissedAt !== null) return false;
  const setting = input.setting.trim().toLowerCase();
  if (setting === "no" || setting === "false" || setting === "0") return false;
  const country = input.country.toUpperCase();
  const filter = settingCountries(input.setting);
  if (filter && !filter.includes(country)) return false;
  if (input.layout !== "default" && !CHAT_AND_LANDER_COUNTRIES.includes(country)) return false;
  return true;
}
