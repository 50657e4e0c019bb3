import { fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { AppForm } from "./app-form";

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

/** A page with a form of two buttons posting to /chats/gift, whose action records what arrived and redirects. */
function renderForm() {
  const posted: Record<string, FormDataEntryValue>[] = [];
  const Stub = createRoutesStub([
    {
      path: "/chats/:id",
      Component: () => (
        <>
          <Where />
          <AppForm action="/chats/gift" data-testid="gift-form">
            <input type="hidden" name="conversationId" value="5" />
            <button type="submit" name="giftId" value="1">
              Roos
            </button>
            <button type="submit" name="giftId" value="2">
              Hartje
            </button>
          </AppForm>
        </>
      ),
    },
    {
      path: "/chats/gift",
      action: async ({ request }) => {
        posted.push(Object.fromEntries(await request.formData()));
        return new Response(null, { status: 302, headers: { Location: "/chats/5?sent=1" } });
      },
    },
  ]);
  render(<Stub initialEntries={["/chats/5"]} />);
  return posted;
}

describe("AppForm", () => {
  it("renders a plain form posting to its path", () => {
    renderForm();
    const form = screen.getByTestId("gift-form");
    expect(form).toHaveAttribute("action", "/chats/gift");
    expect(form).toHaveAttribute("method", "post");
  });

  it("submits through React Router with the pressed button's name and value", async () => {
    const posted = renderForm();
    fireEvent.click(screen.getByRole("button", { name: "Hartje" }));
    await screen.findByText("/chats/5");
    await expect.poll(() => posted).toEqual([{ conversationId: "5", giftId: "2" }]);
  });
});
