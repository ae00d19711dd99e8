/**
 * Column widths from the texts a column must show whole (its header on one line, its row buttons), estimated from
 * the characters so the table is laid out once, before anything is measured. The figures are those of Noto Sans at
 * the console's 14 px, the widest of the fonts antd asks for: a CJK character 14 px, Latin capitals and digits up
 * to 10, other Latin 8; a header's 600 weight adds an eighth.
 */
import { TOUCH_TARGET } from './use-media-query.ts';

const CJK_FROM = 0x2e80;
/** A middle-size cell's padding (8 px each side) and the border of a bordered table. */
export const CELL_PADDING = 17;
/** A small link button's padding (7 px each side), and its width with only an icon. */
const BUTTON_PADDING = 14;
const ICON_BUTTON = 24;

export function textWidth(text: string, bold = false): number {
  let width = 0;
  for (const char of text) {
    if (char === ' ') width += 4;
    else if (char.charCodeAt(0) >= CJK_FROM) width += 14;
    else if (/[A-Z0-9]/.test(char)) width += 10;
    else width += 8;
  }
  return Math.ceil(bold ? width * 1.125 : width);
}

/** A tag's padding (7 px) and border each side. */
const TAG_PADDING = 16;
/** A cell showing `text` in a tag, none for no text. */
export const tagWidth = (text: string | undefined): number => (text ? textWidth(text) + TAG_PADDING + CELL_PADDING : 0);

/** A column at least as wide as its header on one line (antd breaks a header mid-word otherwise: "Versio n"). */
export const fitHeader = (width: number, title: string): number =>
  Math.max(width, textWidth(title, true) + CELL_PADDING);

/** A row's link button: its text and padding (only an icon without text), at least a fingertip on a touch screen. */
export const rowButtonWidth = (label: string | undefined, touch: boolean): number =>
  Math.max(label === undefined ? ICON_BUTTON : textWidth(label) + BUTTON_PADDING, touch ? TOUCH_TARGET : 0);
