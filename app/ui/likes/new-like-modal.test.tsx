import { fireEvent, render, screen } from "@testing-library/react";
import { TranslatorProvider } from "~/ui/use-translation";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { testTranslator } from "../../../tests/setup/render";
import { NewLikeModal } from "./new-like-modal";

const profile = { id: 42, name: "Sanne", main_image: { match: "/photos/9/large" } };

function renderModal(onClose = vi.fn()) {
  const Stub = createRoutesStub([
    { path: "/members", Component: () => <NewLikeModal profile={profile} onClose={onClose} /> },
    { path: "/likes/m/:id", Component: () => <p>profile page</p> },
  ]);
  render(
    <TranslatorProvider value={testTranslator()}>
      <Stub initialEntries={["/members"]} />
    </TranslatorProvider>,
  );
  return onClose;
}

describe("NewLikeModal", () => {
  it("shows the title, the liker's photo and a focused button to the profile", () => {
    renderModal();
    const dialog = screen.getByRole("dialog", { name: "Nieuwe like!" });
    expect(dialog).toHaveTextContent("Sanne vindt je leuk.");
    expect(screen.getByRole("img", { name: "Foto van Sanne" })).toHaveAttribute("src", "/photos/9/large");
    expect(screen.getByRole("button", { name: "Bekijk profiel" })).toHaveFocus();
  });

  it("closes when the overlay is clicked or Escape is pressed, not when the content is", () => {
    const onClose = renderModal();
    fireEvent.click(screen.getByText("Sanne vindt je leuk."));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("dialog"));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it("opens the liker's profile from the photo and from the button", async () => {
    const onClose = renderModal();
    fireEvent.click(screen.getByRole("img", { name: "Foto van Sanne" }));
    expect(await screen.findByText("profile page")).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });
});
