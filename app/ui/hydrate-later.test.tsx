import { render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { mountLater } from "./hydrate-later";

afterEach(() => {
  delete document.documentElement.dataset.hydrated;
});

describe("mountLater", () => {
  it("leaves nothing in the server's HTML, no Suspense boundary either", () => {
    const Part = mountLater(async () => () => <p>later</p>);
    expect(renderToString(<Part />)).toBe("");
  });

  it("mounts the part once the page is interactive, with its props", async () => {
    document.documentElement.dataset.hydrated = "true";
    const Part = mountLater(async () => ({ text }: { text: string }) => <p>{text}</p>);
    render(<Part text="geladen" />);
    expect(await screen.findByText("geladen")).toBeInTheDocument();
  });
});
