/** The en resources must have exactly the zh keys: `Resource<typeof zh>` makes a missing or extra key a type error. */
export type Resource<T> = { [K in keyof T]: T[K] extends string ? string : Resource<T[K]> };
