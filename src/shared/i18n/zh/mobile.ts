/** `mobile.*` strings. */
export const mobile = {
} as const;
