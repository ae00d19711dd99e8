import { createHash } from 'node:crypto';

/** The console's OAuth client (saber) as every token request names it, and the password as the console sends it. */
export const BASIC_SABER = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
export const md5 = (text: string) => createHash('md5').update(text).digest('hex');
