import type { Resource } from '../resource.ts';
import type { mobile as zh } from '../zh/mobile.ts';

export const mobile: Resource<typeof zh> = {
};
