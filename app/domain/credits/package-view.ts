/** A credit package as pages show it (shared by server and browser). */
export interface CreditPackageView {
  id: number;
  currency: string;
  credits: number;
  priceCents: number;
  discountPercent: number;
  variant: number;
  popular: boolean;
}
