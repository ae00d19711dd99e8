/** CSS of the CRUD screens, shipped in their chunk like the shell's `desktopCss`. */
export const crudCss = `
.tenon-crud > .ant-card-body { padding: 16px 16px 8px; }
.tenon-crud-search { row-gap: 12px; margin-bottom: 16px; }
.tenon-crud-offline { margin-bottom: 8px; padding: 4px 12px; border-radius: 4px; font-size: 13px;
  color: var(--ant-color-warning-text); background: var(--ant-color-warning-bg); }
.tenon-crud-search .ant-select, .tenon-crud-search .ant-input-affix-wrapper, .tenon-crud-search .ant-input { width: 180px; }
.tenon-crud-search.is-grid .ant-select, .tenon-crud-search.is-grid .ant-input-affix-wrapper,
.tenon-crud-search.is-grid .ant-input, .tenon-crud-search.is-grid .ant-picker { width: 100%; }
.tenon-crud-search.is-grid { container-type: inline-size; }
.tenon-crud-search.is-grid .ant-form-item { margin-bottom: 0; }
/* A narrow grid (half a page) keeps the whole input: the placeholder names the field. */
@container (max-width: 640px) { .tenon-crud-search.is-grid .ant-form-item-label { display: none; } }
.tenon-crud-title { font-size: 15px; font-weight: 600; margin-bottom: 12px; }
.tenon-crud-row-link { cursor: pointer; }
/* A header breaks between words only (antd breaks anywhere: "Versio n"); its column is made wide enough for it. */
.tenon-crud .ant-table-thead > tr > th { overflow-wrap: normal; word-break: keep-all; }
/* The footer's Σ (EntityDef.sums). */
.tenon-crud .tenon-crud-sums > td { font-weight: 600; background: var(--ant-color-fill-quaternary); }
.tenon-crud .ant-table-tbody > tr.tenon-crud-row-active > td { background: var(--ant-color-primary-bg); }
/* A row's tone (EntityDef.rowTone): its text in the status colour (a device overdue for maintenance, in red). */
.tenon-crud .ant-table-tbody > tr.tenon-crud-row-danger > td { color: var(--ant-color-error); }
.tenon-crud .ant-table-tbody > tr.tenon-crud-row-warning > td { color: var(--ant-color-warning); }
.tenon-crud-toolbar { display: flex; align-items: center; justify-content: space-between; gap: 8px; margin-bottom: 12px; }
.tenon-crud-selected { color: var(--ant-color-text-secondary); font-size: 13px; }
.tenon-crud-form { padding-top: 8px; }
.tenon-crud-form .ant-input-number, .tenon-crud-form .ant-picker { width: 100%; }
.tenon-crud-lines-title { font-weight: 600; margin: 8px 0; }
.tenon-lines-table .ant-select { width: 100%; }
.tenon-attachments-list { list-style: none; margin: 0 0 8px; padding: 0; }
.tenon-attachments-list li { display: flex; align-items: center; gap: 6px; line-height: 28px; }
.tenon-attachments-none { color: var(--ant-color-text-tertiary); line-height: 32px; }
/* View mode: read-only, but as legible as the list. */
.tenon-crud-form.is-view .ant-input-disabled, .tenon-crud-form.is-view .ant-input-disabled input,
.tenon-crud-form.is-view .ant-input-number-disabled input, .tenon-crud-form.is-view .ant-picker-disabled input,
.tenon-crud-form.is-view .ant-select-disabled { color: var(--ant-color-text); }
`;
