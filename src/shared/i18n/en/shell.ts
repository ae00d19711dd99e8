import type { Resource } from '../resource.ts';
import type { shell as zh } from '../zh/shell.ts';

export const shell: Resource<typeof zh> = {
};
