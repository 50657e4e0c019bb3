import { data } from "react-router";

export const noStore = { "Cache-Control": "no-store" };

/** A 403 whose body says `authentication_required` logs the browser's member out. */
export const authenticationRequired = () =>
  data({ error: "authentication_required" }, { status: 403, headers: noStore });
