import type { Resource } from '../resource.ts';
import type { log as zh } from '../zh/log.ts';

export const log: Resource<typeof zh> = {
  apiDoc: {
    title: 'API docs',
    hint: 'OpenAPI 3.1; "Try it out" calls the API as the signed-in user',
  },
};
