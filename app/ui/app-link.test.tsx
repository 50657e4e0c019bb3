import { fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { AppLink, useAppLinkNavigation } from "./app-link";

function Where() {
  useAppLinkNavigation();
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderLinks() {
  const Stub = createRoutesStub([
    {
      path: "*",
      Component: () => (
        <>
          <Where />
          <AppLink to="/members/12?page=2" className="card-link">
            Anna
          </AppLink>
          <AppLink to="/members?page=3" rel="next" aria-label="Page 3" aria-current="page">
            3
          </AppLink>
        </>
      ),
    },
  ]);
  return render(<Stub initialEntries={["/members"]} />);
}

describe("AppLink", () => {
  it("renders a plain link to its path", () => {
    renderLinks();
    const link = screen.getByRole("link", { name: "Anna" });
    expect(link).toHaveAttribute("href", "/members/12?page=2");
    expect(link).toHaveClass("card-link");
    expect(link).toHaveAttribute("data-app-link");
  });

  it("passes every other attribute on to the link", () => {
    renderLinks();
    const link = screen.getByRole("link", { name: "Page 3" });
    expect(link).toHaveAttribute("href", "/members?page=3");
    expect(link).toHaveAttribute("rel", "next");
    expect(link).toHaveAttribute("aria-current", "page");
    expect(link).not.toHaveAttribute("class");
    expect(link).not.toHaveAttribute("to");
  });

  it("navigates on the client on a plain left click", () => {
    renderLinks();
    const click = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
    fireEvent(screen.getByRole("link", { name: "Anna" }), click);
    expect(click.defaultPrevented).toBe(true);
    expect(screen.getByTestId("where")).toHaveTextContent("/members/12?page=2");
  });

  it("leaves a click to the link's own handler when that took it over", () => {
    const Stub = createRoutesStub([
      {
        path: "*",
        Component: () => (
          <>
            <Where />
            <AppLink to="/chats/3" onClick={(event) => event.preventDefault()}>
              Chat
            </AppLink>
          </>
        ),
      },
    ]);
    render(<Stub initialEntries={["/members"]} />);
    fireEvent.click(screen.getByRole("link", { name: "Chat" }));
    expect(screen.getByTestId("where")).toHaveTextContent(/^\/members$/);
  });

  it("leaves a click with a modifier key (a new tab or window) to the browser", () => {
    renderLinks();
    const click = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ctrlKey: true });
    fireEvent(screen.getByRole("link", { name: "Anna" }), click);
    expect(click.defaultPrevented).toBe(false);
    expect(screen.getByTestId("where")).toHaveTextContent(/^\/members$/);
  });
});
