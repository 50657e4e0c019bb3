import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PaymentView } from "~/domain/payments/payment-view";
import { renderWithApp } from "../../../tests/setup/render";
import { PaymentResult } from "./payment-result";

const payment = (fields: Partial<PaymentView> = {}): PaymentView => ({
  id: 7,
  packageId: 3,
  method: "ideal",
  amountCents: 1995,
  currency: "EUR",
  credits: 50,
  status: "open",
  createdAt: "2026-01-01T12:00:00.000Z",
  paidAt: null,
  retryCode: null,
  ...fields,
});

describe("PaymentResult", () => {
  it("an open checkout payment offers another method (the buyer may have left the checkout)", () => {
    renderWithApp(<PaymentResult payment={payment({ retryCode: "ZOMER10" })} balance={0} />);
    expect(screen.getByText(/Je betaling wordt verwerkt/)).toBeInTheDocument();
    expect(
      screen.getByRole("link", { name: "Betaling afgebroken? Kies een andere betaalmethode" }),
    ).toHaveAttribute("href", "/credits/3?failed=ideal&code=ZOMER10");
  });

  it.each(["banktransfer", "directdebit"])("an open %s payment just waits (it takes days)", (method) => {
    renderWithApp(<PaymentResult payment={payment({ method, status: "pending" })} balance={0} />);
    expect(screen.getByText(/Je betaling wordt verwerkt/)).toBeInTheDocument();
    expect(screen.queryByTestId("payment-other-method")).not.toBeInTheDocument();
  });

  it("is translated (here Polish)", () => {
    renderWithApp(<PaymentResult payment={payment({ method: "creditcard" })} balance={0} />, {
      locale: "pl",
    });
    expect(screen.getByTestId("payment-other-method")).toHaveTextContent("Wybierz inną metodę płatności");
    expect(screen.getByTestId("payment-other-method")).toHaveAttribute(
      "href",
      "/credits/3?failed=creditcard",
    );
  });
});
