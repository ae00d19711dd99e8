import { Type, type Static } from 'typebox';

/** What the flow module's administration routes answer inside the envelope (beside their no-data actions). */

/** A deployment's warnings: candidate groups no role of a tenant holds (those steps go to its administrators). */
export const Deployed = Type.Object({ warnings: Type.Array(Type.String()) });
export type Deployed = Static<typeof Deployed>;

/** `manager/check-upload`: the file's name and whether it is a valid model. */
export const UploadChecked = Type.Object({ name: Type.String(), success: Type.Boolean() });
export type UploadChecked = Static<typeof UploadChecked>;
