import { useState } from 'react';
import { Card, Col, Empty, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EntityDef } from '../../../shared/entities/define.ts';
import { dict, dictBiz } from '../../../shared/entities/system/dict.ts';
import { CrudPage } from '../../components/crud/CrudPage.tsx';
import type { CrudOptions, WireRecord } from '../../components/crud/fields.ts';

/** Spec §2 / §9: both tables' dialogs are 880 wide (never closed by a click outside), search buttons span 10. */
const SHARED: CrudOptions = { dialogWidth: 880, searchMenuSpan: 10 };
/** Spec §9 calcHeight of the side-by-side tables: 30 for the dictionaries, 95 for their items. */
const PARENT_CALC_HEIGHT = 30;
const CHILD_CALC_HEIGHT = 95;

export type DictionaryLayout = 'horizontal' | 'vertical';

/**
 * A dictionary pair (spec §2): the paged top-level dictionaries (`parent-list`) and, for the row clicked there,
 * the tree of its items (`child-list?parentId=`). An item's parent and code come from the dictionary and cannot be
 * changed in its form. Side by side, or stacked with the dictionaries' sort column hidden.
 */
export function DictionaryPage({ entity, layout }: { entity: EntityDef; layout: DictionaryLayout }) {
  const { t } = useTranslation();
  const [parent, setParent] = useState<WireRecord | null>(null);
  const sideBySide = layout === 'horizontal';

  const parentOptions: CrudOptions = {
    ...SHARED,
    source: { action: 'parent-list', paged: true },
    // A dictionary's own key is always -1 (the server sets it).
    hideFields: ['dictKey'],
    hideColumns: sideBySide ? undefined : ['sort'],
    calcHeight: sideBySide ? PARENT_CALC_HEIGHT : undefined,
    compactActions: sideBySide,
    title: t('crud.dict.parents'),
    onRowClick: setParent,
    activeRow: parent?.id,
  };
  const items = parent ? (
    <CrudPage
      entity={entity}
      options={{
        ...SHARED,
        source: { action: 'child-list', paged: false },
        query: { parentId: parent.id },
        addValues: { parentId: parent.id, code: parent.code },
        lockedFields: ['parentId', 'code'],
        // Every item repeats its dictionary's code (in the title already): the key and value matter here.
        hideColumns: ['code'],
        calcHeight: sideBySide ? CHILD_CALC_HEIGHT : undefined,
        compactActions: sideBySide,
        title: t('crud.dict.itemsOf', { name: parent.dictValue }),
      }}
    />
  ) : (
    <Card className="tenon-crud" variant="borderless">
      <div className="tenon-crud-title">{t('crud.dict.items')}</div>
      <Empty description={t('crud.dict.pickParent')} />
    </Card>
  );

  const list = <CrudPage entity={entity} options={parentOptions} />;
  if (!sideBySide) {
    return (
      <div className="tenon-dict-pair is-vertical" style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
        {list}
        {items}
      </div>
    );
  }
  return (
    <Row className="tenon-dict-pair is-horizontal" gutter={16}>
      <Col span={12}>{list}</Col>
      <Col span={12}>{items}</Col>
    </Row>
  );
}

/** /dict-horizontal/index, /system/dict: system dictionaries side by side. */
export const SystemDictionaryPage = () => <DictionaryPage entity={dict} layout="horizontal" />;
/** /dict-vertical/index: system dictionaries stacked. */
export const StackedDictionaryPage = () => <DictionaryPage entity={dict} layout="vertical" />;
/** /system/dictbiz: the tenant's business dictionaries side by side. */
export const BusinessDictionaryPage = () => <DictionaryPage entity={dictBiz} layout="horizontal" />;
