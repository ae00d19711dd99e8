import { useEffect, useState } from 'react';
import { Button, Tag } from 'antd';
import { CalculatorOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FIXEDLEDGER_DEPRECIATE, fixedAsset } from '../../../shared/entities/finance/fixed-asset.ts';
import { STOPPED_STATUSES } from '../../../shared/entities/finance/depreciation.ts';
import { CrudPage } from '../../components/crud/CrudPage.tsx';
import type { CrudContext, CrudOptions, WireRecord } from '../../components/crud/fields.ts';
import { usePermission } from '../../permission.ts';
import { DESKTOP_KEY } from '../../queries.ts';
import { FixedAssetChart } from './FixedAssetChart.tsx';
import { DepreciateDialog, DepreciationHistory } from './FixedAssetDialogs.tsx';

/** The status tag's colour: in use green, idle and leased neutral, under repair amber, scrapped and disposed grey. */
const STATUS_COLOURS: Readonly<Record<string, string>> = {
  '1': 'success',
  '2': 'default',
  '3': 'warning',
  '4': 'processing',
  '5': 'default',
  '6': 'default',
};

type Query = Record<string, string | number>;

/** Hands the list's search to the chart whenever it changes (the toolbar is where the page shows it). */
function FollowSearch({ query, onQuery }: { query: Query; onQuery: (query: Query) => void }) {
  const key = JSON.stringify(query);
  useEffect(() => onQuery(JSON.parse(key) as Query), [key, onQuery]);
  return null;
}

/**
 * 固定资产台账 (/finance/fixedledger): the shared page over asset cards, with their status as a tag, the depreciation
 * by category of the cards searched above it, each card's depreciation records in its dialog, and 计提折旧
 * (`fixedledger_depreciate`) in the toolbar. The figures are the server's, as of the tenant's current month.
 */
export default function FixedAssetPage() {
  const { t } = useTranslation();
  const { can } = usePermission();
  const queryClient = useQueryClient();
  const [query, setQuery] = useState<Query>({});
  const [running, setRunning] = useState<CrudContext | null>(null);
  const options: CrudOptions = {
    leadColumns: ['assetCode', 'assetName'],
    dialogWidth: 960,
    cells: {
      assetStatus: (record: WireRecord) => (
        <Tag color={STATUS_COLOURS[String(record.assetStatus)] ?? 'default'}>
          {String(record.assetStatusName)}
          {STOPPED_STATUSES.includes(String(record.assetStatus)) && record.stopMonth
            ? ` ${String(record.stopMonth)}`
            : ''}
        </Tag>
      ),
    },
    dialogExtra: (_form, mode, id) => (mode !== 'add' && id ? <DepreciationHistory assetId={id} /> : null),
    toolbar: (context) => (
      <>
        <FollowSearch query={context.query} onQuery={setQuery} />
        {can(FIXEDLEDGER_DEPRECIATE) && (
          <Button icon={<CalculatorOutlined />} onClick={() => setRunning(context)}>
            {t('finance.fixedAsset.depreciate')}
          </Button>
        )}
      </>
    ),
  };
  const recorded = () => {
    const reload = running?.reload;
    setRunning(null);
    void reload?.();
    void queryClient.invalidateQueries({ queryKey: [DESKTOP_KEY, fixedAsset.name] });
  };
  return (
    <>
      <FixedAssetChart query={query} />
      <CrudPage entity={fixedAsset} options={options} />
      {running && <DepreciateDialog onClose={() => setRunning(null)} onDone={recorded} />}
    </>
  );
}
