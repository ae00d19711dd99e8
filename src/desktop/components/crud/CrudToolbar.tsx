import type { ReactNode } from 'react';
import { Button, Flex, Tooltip } from 'antd';
import { DeleteOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/**
 * The toolbar above a list (the CRUD page's, a grid screen's): 新增 and 删除 when the caller may, the screen's own
 * buttons, how many rows are ticked, and 刷新 on the right.
 */
export function CrudToolbar({
  onAdd,
  onDelete,
  selected,
  onReload,
  children,
}: {
  /** Shown when given: the caller holds the add / delete right. */
  onAdd?: () => void;
  onDelete?: () => void;
  selected: number;
  onReload: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="tenon-crud-toolbar">
      {/* Flex, not Space: the screen's buttons come as fragments, and a gap spaces what is rendered. */}
      <Flex wrap gap="small" align="center">
        {onAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
            {t('common.add')}
          </Button>
        )}
        {onDelete && (
          <Button danger icon={<DeleteOutlined />} onClick={onDelete}>
            {t('common.delete')}
          </Button>
        )}
        {children}
        {selected > 0 && <span className="tenon-crud-selected">{t('crud.selected', { count: selected })}</span>}
      </Flex>
      <Tooltip title={t('common.refresh')}>
        <Button shape="circle" icon={<ReloadOutlined />} aria-label={t('common.refresh')} onClick={onReload} />
      </Tooltip>
    </div>
  );
}
