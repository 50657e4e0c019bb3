import { render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { TranslatorProvider } from "~/ui/use-translation";
import { createRoutesStub, Outlet } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { testTranslator } from "../tests/setup/render";
import { testRootData } from "../tests/fixtures/root-data";
import App, { ErrorBoundary } from "./root";
import { ChatLayout } from "./ui/layouts/chat-layout";
import { LanderLayout } from "./ui/layouts/lander-layout";

const rootData = (country: string) => testRootData({ country });

function renderApp(country: string, child: { loader?: () => unknown; Component: () => React.ReactNode }) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => rootData(country),
      Component: () => <Outlet />,
      ErrorBoundary,
      children: [{ index: true, ...child }],
    },
  ]);
  return render(
    <TranslatorProvider value={testTranslator()}>
      <Stub initialEntries={["/"]} />
    </TranslatorProvider>,
  );
}

describe("root", () => {
  // A boundary the server leaves in <body> beside the scripts never finished hydrating, and React
  // holds every transition that reaches a boundary not hydrated yet (React Router's updates all are):
  // the page stopped updating (a like's answer never showed). The page's own parts may have one.
  it("adds no Suspense boundary of its own to the page's HTML", () => {
    const Stub = createRoutesStub([
      {
        id: "root",
        path: "/",
        Component: App,
        children: [{ index: true, Component: () => <main>pagina</main> }],
      },
    ]);
    const html = renderToString(
      <TranslatorProvider value={testTranslator()}>
        <Stub initialEntries={["/"]} hydrationData={{ loaderData: { root: testRootData() } }} />
      </TranslatorProvider>,
    );
    expect(html).toContain("<main>pagina</main>");
    expect(html).not.toContain("<!--$");
  });
});

describe("root error boundary", () => {
  it("shows a crash as a 500 page with the general error, inside the site chrome", async () => {
    vi.mocked(console.error).mockImplementation(() => {});
    renderApp("NL", {
      loader: () => {
        throw new Error("database on fire");
      },
      Component: () => null,
    });
    expect(await screen.findByRole("heading", { name: "500" })).toBeInTheDocument();
    expect(screen.getByText("Er is een fout opgetreden, probeer het later opnieuw.")).toBeInTheDocument();
    expect(screen.queryByText(/database on fire/)).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Algemene voorwaarden" })).toBeInTheDocument();
  });

  it("shows a refused request (400) with a short error: trying again would not help", async () => {
    renderApp("NL", {
      loader: () => {
        throw new Response(null, { status: 400 });
      },
      Component: () => null,
    });
    expect(await screen.findByRole("heading", { name: "400" })).toBeInTheDocument();
    expect(screen.getByText("Er is een fout opgetreden.")).toBeInTheDocument();
  });

  it("shows a thrown 404 response with a link home", async () => {
    renderApp("NL", {
      loader: () => {
        throw new Response(null, { status: 404 });
      },
      Component: () => null,
    });
    expect(await screen.findByRole("heading", { name: "404" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Terug naar de homepage" })).toBeInTheDocument();
  });
});

describe("chat and lander layouts", () => {
  it.each([
    ["NL", true],
    ["DE", true],
    ["BE", false],
  ])("from %s show the entry warning: %s", async (country, shown) => {
    renderApp(country, {
      Component: () => (
        <>
          <ChatLayout list={<p>gesprekken</p>} listFillsPhone={false}>
            <p>berichten</p>
          </ChatLayout>
          <LanderLayout>
            <p>lander</p>
          </LanderLayout>
        </>
      ),
    });
    expect(await screen.findByText("berichten")).toBeInTheDocument();
    expect(screen.getByTestId("chat-list")).toHaveTextContent("gesprekken");
    // The warning's code loads once the rest of the page is interactive (app/ui/hydrate-later.tsx).
    if (shown) expect(await screen.findAllByTestId("entry-warning")).toHaveLength(2);
    else expect(screen.queryAllByTestId("entry-warning")).toHaveLength(0);
  });
});
