import { fireEvent, screen } from "@testing-library/react";
import { useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp } from "../../../tests/setup/render";
import { UploadForm } from "./upload-form";

/** The upload's XMLHttpRequest, answered at once as the server would (after following redirects). */
function answerUploadsWith(answer: { status: number; responseURL: string }) {
  vi.stubGlobal(
    "XMLHttpRequest",
    class {
      upload = {};
      status = 0;
      responseURL = "";
      onload: (() => void) | null = null;
      open() {}
      setRequestHeader() {}
      send() {
        Object.assign(this, answer);
        this.onload?.();
      }
    },
  );
}

function Address() {
  const { pathname, search } = useLocation();
  return <p data-testid="address">{pathname + search}</p>;
}

/** Sends the form, answered with `status` at `path`: where the page went, and whether it says it failed. */
function upload(path: string, status = 200) {
  answerUploadsWith({ status, responseURL: path && `${window.location.origin}${path}` });
  const { unmount } = renderWithApp(
    <>
      <UploadForm disabled={false} />
      <Address />
    </>,
    { path: "/profile/photos" },
  );
  fireEvent.submit(screen.getByTestId("upload-form"));
  const outcome = {
    address: screen.getByTestId("address").textContent,
    failed: screen.queryByRole("alert") !== null,
  };
  unmount();
  return outcome;
}

afterEach(() => vi.unstubAllGlobals());

describe("the upload sent by XMLHttpRequest", () => {
  it("shows the photos page with the upload's outcome the server redirected to", () => {
    expect(upload("/profile/photos?notice=uploaded")).toEqual({
      address: "/profile/photos?notice=uploaded",
      failed: false,
    });
    expect(upload("/profile/photos?uploadError=tooLarge")).toEqual({
      address: "/profile/photos?uploadError=tooLarge",
      failed: false,
    });
  });

  it("takes anything else for a failed upload: a refusal or error on the form's own address", () => {
    for (const [path, status] of [
      ["/profile/photos", 413],
      ["/profile/photos", 500],
      ["/profile/photos", 200],
      ["/login?redirectTo=%2Fprofile%2Fphotos", 200],
      ["", 0],
    ] as const) {
      expect(upload(path, status), `${status} ${path}`).toEqual({ address: "/profile/photos", failed: true });
    }
  });
});
