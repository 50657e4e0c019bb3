import { act, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub, data, Form, redirect, useNavigation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BounceBeacon } from "./bounce-beacon";

let beacons: string[];

beforeEach(() => {
  beacons = [];
  vi.stubGlobal("navigator", {
    ...navigator,
    sendBeacon: (url: string, body: URLSearchParams) => {
      beacons.push(`${url} ${body.toString()}`);
      return true;
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

const leave = () => act(() => void window.dispatchEvent(new Event("pagehide")));
const hideTab = (state: "hidden" | "visible") => {
  Object.defineProperty(document, "visibilityState", { configurable: true, value: state });
  act(() => void document.dispatchEvent(new Event("visibilitychange")));
};

function NavigationState() {
  return <output>{useNavigation().state}</output>;
}

/** A lander with the beacon and a form whose action answers `answer` once released. */
function renderLander(answer: "refused" | "signedUp") {
  let release: () => void = () => {};
  const answered = new Promise<void>((resolve) => (release = resolve));
  const Stub = createRoutesStub([
    {
      path: "/landers/gallery",
      Component: () => (
        <>
          <Form method="post">
            <button type="submit">Aanmelden</button>
          </Form>
          <BounceBeacon token="12.signature" />
          <NavigationState />
        </>
      ),
      action: async () => {
        await answered;
        return answer === "refused" ? data({ refused: true }, { status: 400 }) : redirect("/signup-matches");
      },
    },
    { path: "/signup-matches", Component: () => <p>Welkom</p> },
  ]);
  render(<Stub initialEntries={["/landers/gallery?lb"]} />);
  return { release };
}

describe("BounceBeacon", () => {
  it("leaving the page sends one beacon; switching tabs is not leaving", () => {
    renderLander("refused");
    hideTab("hidden");
    hideTab("visible");
    expect(beacons).toEqual([]);
    leave();
    leave();
    expect(beacons).toEqual(["/api/lander-bounce visit=12.signature"]);
  });

  it("sends nothing while the form is submitted, and is armed again when the signup is refused", async () => {
    const { release } = renderLander("refused");
    fireEvent.click(screen.getByRole("button", { name: "Aanmelden" }));
    await screen.findByText("submitting");
    leave();
    expect(beacons).toEqual([]);
    await act(async () => release());
    await screen.findByText("idle");
    // The lander stays with the refusal: a visitor leaving now has bounced.
    leave();
    expect(beacons).toEqual(["/api/lander-bounce visit=12.signature"]);
  });

  it("a signup is no bounce", async () => {
    const { release } = renderLander("signedUp");
    fireEvent.click(screen.getByRole("button", { name: "Aanmelden" }));
    await act(async () => release());
    await screen.findByText("Welkom");
    leave();
    expect(beacons).toEqual([]);
  });
});
