/**
 * What antd's tokens cannot size on a touch screen (themes.ts sets controlHeight there): a fingertip's hit area
 * (TOUCH_TARGET) around the console's small glyphs and link buttons. A mouse keeps antd's look.
 */
import { TOUCH_POINTER, TOUCH_TARGET } from './components/use-media-query.ts';

const TARGET = `${TOUCH_TARGET}px`;

export const touchCss = `
@media ${TOUCH_POINTER} {
  /* A row's 查看/修改/删除 and a toolbar's buttons: link buttons as short as their text otherwise. */
  .tenon-row-actions .ant-btn, .tenon-crud-toolbar .ant-btn { min-width: ${TARGET}; min-height: ${TARGET}; }
  /* A row's checkbox: its label (the hit area) fills a fingertip around the 16 px box. */
  .ant-table-selection-column .ant-checkbox-wrapper {
    min-width: ${TARGET}; min-height: ${TARGET}; justify-content: center; align-items: center;
  }
  /* A tab's close cross: a fingertip around the glyph, reaching into the tab's padding. */
  .ant-tabs-tab-remove { min-width: ${TARGET}; min-height: ${TARGET}; display: inline-flex; align-items: center;
    justify-content: center; margin-inline-end: -12px; }
}
`;
