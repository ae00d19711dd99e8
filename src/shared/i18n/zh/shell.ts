/** `shell.*` strings. */
export const shell = {
} as const;
