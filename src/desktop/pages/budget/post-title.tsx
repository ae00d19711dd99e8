import type { EntityDef } from '../../../shared/entities/define.ts';
import type { GridRow, MonthlyGridConfig } from '../../components/grid/MonthlyGrid.tsx';
import { ReferencePicker } from '../../components/ReferencePicker.tsx';

/**
 * The post variant of the monthly row (budget.md §1.2): a labour row's caption cell is its post, picked in the grid as
 * in the dialog. Picking one saves the row's `postId`; the server names the row after the post (`title` copied from
 * its name). Other rows, and labour rows whose caption is closed (not in the row's open cells), show the text.
 */
export const withPostTitle =
  (entity: EntityDef, labourType: string) =>
  (config: MonthlyGridConfig): MonthlyGridConfig => ({
    ...config,
    captions: config.captions.map((caption) =>
      caption.key !== 'title'
        ? caption
        : {
            ...caption,
            edit: (row: GridRow, save, lang) =>
              String(row.budgetType) !== labourType ? undefined : (
                <ReferencePicker
                  field={entity.fields.postId}
                  lang={lang}
                  value={row.postId}
                  // A labour row always has a post (请选择岗位): clearing it saves nothing.
                  onChange={(postId) => {
                    if (postId) save({ postId });
                  }}
                />
              ),
          },
    ),
  });
