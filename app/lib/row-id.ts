import { z } from "zod";

/** The largest value of a PostgreSQL `integer` column: no row has a larger id, and a query with one fails. */
export const MAX_ROW_ID = 2_147_483_647;

/** A row id from a URL or a form: a positive integer a query can take. */
export const rowIdSchema = z.coerce.number().int().positive().max(MAX_ROW_ID);
