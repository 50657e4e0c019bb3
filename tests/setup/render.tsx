import { render } from "@testing-library/react";
import { createInstance } from "i18next";
import { createRoutesStub } from "react-router";
import type { Locale } from "~/lib/i18n";
import { resources } from "~/lib/i18n-resources.server";
import { pageTranslatorFor } from "~/middleware/i18n.server";
import { TranslatorProvider } from "~/ui/use-translation";

/** The pages' translator for a language, as the server renders with it. */
export const testTranslator = (locale: Locale = "nl") => pageTranslatorFor(locale);

/** An i18next instance, as loaders, actions and mails translate with it. */
export function testI18n(locale: Locale = "nl") {
  const instance = createInstance({
    lng: locale,
    resources,
    defaultNS: "common",
    fallbackLng: false,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  void instance.init();
  return instance;
}

/** Renders a component inside a data router (for Link and Form) with the app's real translations. */
export function renderWithApp(
  ui: React.ReactNode,
  { locale = "nl", path = "/" }: { locale?: Locale; path?: string } = {},
) {
  const Stub = createRoutesStub([{ path: "*", Component: () => <>{ui}</> }]);
  return render(
    <TranslatorProvider value={testTranslator(locale)}>
      <Stub initialEntries={[path]} />
    </TranslatorProvider>,
  );
}
