/** The largest value of the database's `integer` (int4) columns, which hold every id and count. */
export const INT4_MAX = 2_147_483_647;
