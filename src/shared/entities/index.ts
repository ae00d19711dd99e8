import type { EntityDef } from './define.ts';
import { message } from './desk/message.ts';
import { param } from './system/param.ts';
import { post } from './system/post.ts';

/** Every entity served by the entity engine. Adding one = its file + a migration + a line here. */
export const ENTITIES: EntityDef[] = [param, post, message];
