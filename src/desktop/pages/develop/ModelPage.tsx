import { useState } from 'react';
import { model } from '../../../shared/entities/develop/model.ts';
import { CrudPage } from '../../components/crud/CrudPage.tsx';
import type { CrudOptions } from '../../components/crud/fields.ts';
import { useLivePublish } from './LivePublishButton.tsx';
import { ModelDesignDialog } from './ModelDesignDialog.tsx';
import { DatasourcePicker, TablePicker } from './ModelSourcePickers.tsx';

const OPTIONS_BASE: Omit<CrudOptions, 'rowActions'> = {
  controls: {
    datasourceId: (disabled) => <DatasourcePicker disabled={disabled} />,
    modelTable: (disabled) => <TablePicker disabled={disabled} />,
  },
};

/**
 * /tool/model 数据模型设计: the models (the shared list; the form picks a data source, or 本库, then one of its
 * tables) and 设计, the grid of a model's fields.
 */
export default function ModelPage() {
  const [designing, setDesigning] = useState<{ id: string; modelName: string } | null>(null);
  const { publish } = useLivePublish();
  const options: CrudOptions = {
    ...OPTIONS_BASE,
    rowActions: [
      {
        key: 'design',
        permission: `${model.code}_edit`,
        label: 'developModel.design',
        onClick: (record) => setDesigning({ id: record.id, modelName: String(record.modelName ?? '') }),
      },
      // A model of this database goes live under 在线表单 (modules/develop/live.routes.ts).
      {
        key: 'publish',
        permission: `${model.code}_edit`,
        label: 'developModel.publish',
        visible: (record) => !record.datasourceId,
        onClick: (record) => void publish(record.id),
      },
    ],
  };
  return (
    <>
      <CrudPage entity={model} options={options} />
      {designing && <ModelDesignDialog model={designing} onClose={() => setDesigning(null)} />}
    </>
  );
}
