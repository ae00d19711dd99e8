import { match } from 'pinyin-pro';
import { matchSubstring, type LabelMatcher } from '../../router/menu-routes.ts';

/**
 * The menu search's matcher once pinyin-pro has loaded (its own chunk, fetched when the search opens): the text as
 * written, else as pinyin of consecutive characters, by initials (gl), whole syllables (guanli) or both (guanl).
 */
export const matchPinyin: LabelMatcher = (label, text) =>
  matchSubstring(label, text) ?? match(label, text, { continuous: true }) ?? null;
