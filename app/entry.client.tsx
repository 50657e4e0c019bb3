import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { clientTranslationsUrl } from "./lib/i18n";
import { reloadOnPreloadErrors } from "./ui/chunk-reload";

/** Loads this page's language (preloaded by the page's head, cached for a year), then hydrates. */
async function hydrate() {
  const lng = document.documentElement.lang || "nl";
  const version = document.documentElement.dataset.i18n ?? "";
  const response = await fetch(clientTranslationsUrl(lng, version));
  const bundles = (await response.json()) as Record<string, Record<string, unknown>>;
  await i18next.use(initReactI18next).init({
    lng,
    resources: { [lng]: bundles },
    ns: Object.keys(bundles),
    defaultNS: "common",
    fallbackLng: false,
    interpolation: { escapeValue: false },
  });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

reloadOnPreloadErrors();
void hydrate();
