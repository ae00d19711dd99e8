import { Button, Card, Space, Table, Tooltip, Tree } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { defineEntity } from '../../../shared/entities/define.ts';
import { SearchBar } from './SearchBar.tsx';

/** A stand-in entity: a text and a number filter and the creation-date range, the search bar's usual controls. */
const SAMPLE = defineEntity({
  name: 'warmup',
  service: 'blade-system',
  table: 'warmup',
  label: { zh: '预热', en: 'Warm-up' },
  code: 'warmup',
  tenant: false,
  audit: true,
  fields: {
    name: { type: 'string', max: 20, list: true, filter: true, label: { zh: '名称', en: 'Name' } },
    sort: { type: 'int', list: true, filter: true, label: { zh: '排序', en: 'Sort' } },
  },
  defaultSort: [['id', 'desc']],
});

const ROWS = [{ id: '1', name: '—', sort: 1 }];

/**
 * The CRUD screen's building blocks, drawn where nobody sees them, in the shell's theme (layout/WarmUp). A screen's
 * first open is CPU-bound: antd generates each component's styles and the code paths run for the first time. Drawn
 * while the home page is idle, the first real screen finds the styles generated.
 */
export default function CrudWarmUp() {
  return (
    <Card variant="borderless">
      <SearchBar entity={SAMPLE} lang="zh" onSearch={() => undefined} />
      <Space wrap>
        <Button type="primary">+</Button>
        <Button danger>-</Button>
        <Tooltip title="-">
          <Button shape="circle" icon={<ReloadOutlined />} aria-hidden />
        </Tooltip>
      </Space>
      <Tree treeData={[{ key: '1', title: '—', children: [{ key: '2', title: '—' }] }]} defaultExpandAll blockNode />
      <Table
        rowKey="id"
        size="middle"
        bordered
        dataSource={ROWS}
        columns={[
          { key: 'name', dataIndex: 'name', title: '-', width: 160, fixed: 'left', ellipsis: { showTitle: true } },
          { key: 'sort', dataIndex: 'sort', title: '-', width: 120 },
          {
            key: 'actions',
            title: '-',
            width: 160,
            fixed: 'right',
            render: () => (
              <Space size={0} className="tenon-row-actions">
                <Button type="link" size="small">
                  -
                </Button>
              </Space>
            ),
          },
        ]}
        scroll={{ x: 600, y: 200 }}
        rowSelection={{ fixed: true }}
        pagination={{
          current: 1,
          pageSize: 10,
          total: 1,
          showSizeChanger: true,
          showQuickJumper: true,
          showTotal: (total) => total,
        }}
      />
    </Card>
  );
}
