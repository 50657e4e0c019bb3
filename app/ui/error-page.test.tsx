import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithApp } from "../../tests/setup/render";
import { RouteErrorPage } from "./error-page";

/** A route's error response as React Router hands it to the boundary. */
const errorResponse = (status: number) => ({ status, statusText: "", internal: false, data: null });

describe("RouteErrorPage", () => {
  it("shows the status and message, with a link home on 404", () => {
    renderWithApp(<RouteErrorPage error={errorResponse(404)} />);
    expect(screen.getByRole("heading", { name: "404" })).toBeInTheDocument();
    expect(screen.getByText("Deze pagina kon niet worden gevonden")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Terug naar de homepage" })).toHaveAttribute("href", "/");
  });

  it("has no home link on 500", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    renderWithApp(<RouteErrorPage error={new Error("database on fire")} />);
    expect(screen.getByRole("heading", { name: "500" })).toBeInTheDocument();
    expect(screen.getByText("Er is een fout opgetreden, probeer het later opnieuw.")).toBeInTheDocument();
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
    logged.mockRestore();
  });
});
