import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithApp } from "../../tests/setup/render";
import { FileInput } from "./file-input";

describe("FileInput", () => {
  it("labels its button in the user's language and shows the chosen file", () => {
    renderWithApp(<FileInput id="photo" name="photo" />, { locale: "de" });
    const input = screen.getByLabelText("Durchsuchen");
    expect(screen.getByText("Keine Datei ausgewählt")).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [new File(["x"], "ik.jpg", { type: "image/jpeg" })] } });
    expect(screen.getByText("ik.jpg")).toBeInTheDocument();
  });
});
