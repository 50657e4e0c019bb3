import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithApp } from "../../tests/setup/render";
import { ErrorPage } from "./error-page";

describe("ErrorPage", () => {
  it("shows the status and message, with a link home on 404", () => {
    renderWithApp(<ErrorPage status={404} message="Deze pagina kon niet worden gevonden" />);
    expect(screen.getByRole("heading", { name: "404" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Terug naar de homepage" })).toHaveAttribute("href", "/");
  });

  it("has no home link on 500", () => {
    renderWithApp(<ErrorPage status={500} message="Er is een fout opgetreden, probeer het later opnieuw." />);
    expect(screen.getByText("Er is een fout opgetreden, probeer het later opnieuw.")).toBeInTheDocument();
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
  });
});
