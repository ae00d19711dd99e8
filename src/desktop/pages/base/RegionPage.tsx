import { useEffect, useState, type Key } from 'react';
import { App, Button, Card, Col, Empty, Form, Input, Row, Space, Spin, Tree } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getData, postData } from '../../../client/http.ts';
import type { TreeNode } from '../../../shared/contract/tree.ts';
import type { WireRow } from '../../../shared/entities/define.ts';
import { region } from '../../../shared/entities/system/region.ts';
import { FieldControl } from '../../components/crud/FieldControl.tsx';
import { rulesOf, type CrudField } from '../../components/crud/fields.ts';
import { usePermission } from '../../permission.ts';
import { DESKTOP_KEY } from '../../queries.ts';
import {
  REGION_DETAIL_URL,
  REGION_LAZY_TREE_URL,
  REGION_REMOVE_URL,
  REGION_SUBMIT_URL,
} from '../../../shared/contract/api/system.ts';

/** The country: the provinces' parent, the tree's invisible root. */
const COUNTRY = '00';
const VILLAGE_LEVEL = 5;

/** A region as `detail` and `submit` answer it: a row of its definition (the server's response schema too). */
type RegionRecord = WireRow<typeof region>;
interface RegionNode {
  key: string;
  title: string;
  isLeaf: boolean;
  children?: RegionNode[];
}
type Mode = { kind: 'edit' } | { kind: 'add'; parent: { code: string; name: string; level: number } };

const TREE_KEY = [DESKTOP_KEY, 'region-lazy-tree'] as const;
const levelQuery = (parentCode: string) => ({
  queryKey: [...TREE_KEY, parentCode],
  queryFn: () => getData<TreeNode[]>(REGION_LAZY_TREE_URL, { parentCode }),
  staleTime: 60_000,
});
// The parent is shown by its code here (its name is the row below it), not through a reference picker.
const field = (name: string): CrudField => ({ ...region.fields[name], name, ref: undefined });
/** Form order; the parent and the level are never typed: the parent is picked in the tree, the level follows. */
const FIELDS = ['parentCode', 'code', 'name', 'regionLevel', 'sort', 'remark'].map(field);
const LOCKED = new Set(['parentCode', 'regionLevel']);

/**
 * 行政区划 (BladeX region screen): the divisions as a tree loaded one level at a time (lazy-tree from 00), and the
 * selected division's form beside it, where 新增下级 adds a child below it. Buttons follow the session's codes.
 */
export default function RegionPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const { can } = usePermission();
  const [form] = Form.useForm();
  const root = useQuery(levelQuery(COUNTRY));
  const [levels, setLevels] = useState<Record<string, TreeNode[]>>({});
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [selected, setSelected] = useState<string>();
  const [mode, setMode] = useState<Mode>({ kind: 'edit' });

  const detail = useQuery({
    queryKey: [DESKTOP_KEY, 'region-detail', selected],
    queryFn: () => getData<RegionRecord | null>(REGION_DETAIL_URL, { code: selected }),
    enabled: Boolean(selected),
  });
  const record = selected ? (detail.data ?? undefined) : undefined;
  useEffect(() => {
    if (mode.kind === 'edit' && record) form.setFieldsValue({ ...record });
  }, [record, mode, form]);

  const build = (nodes: TreeNode[]): RegionNode[] =>
    nodes.map((node) => {
      const children = levels[node.value];
      return {
        key: node.value,
        title: node.title,
        isLeaf: !node.hasChildren,
        ...(children ? { children: build(children) } : {}),
      };
    });
  const load = async ({ key }: { key: Key }) => {
    const code = String(key);
    const children = await queryClient.fetchQuery(levelQuery(code));
    setLevels((current) => ({ ...current, [code]: children }));
  };
  /** After a change every loaded level is read again: a parent may have gained or lost its last child. */
  const reloadTree = async (alsoLoad?: string) => {
    await queryClient.invalidateQueries({ queryKey: TREE_KEY });
    const codes = [...new Set([...Object.keys(levels), ...(alsoLoad && alsoLoad !== COUNTRY ? [alsoLoad] : [])])];
    const entries = await Promise.all(
      codes.map(async (code) => [code, await queryClient.fetchQuery(levelQuery(code))] as const),
    );
    setLevels(Object.fromEntries(entries));
  };

  const save = useMutation({
    mutationFn: (values: Record<string, unknown>) => postData<RegionRecord>(REGION_SUBMIT_URL, values),
    onSuccess: async (saved) => {
      void message.success(t(mode.kind === 'add' ? 'common.addSuccess' : 'common.updateSuccess'));
      await queryClient.invalidateQueries({ queryKey: [DESKTOP_KEY, 'region-detail'] });
      if (mode.kind === 'add') {
        const parent = mode.parent.code;
        if (parent !== COUNTRY) setExpanded((keys) => (keys.includes(parent) ? keys : [...keys, parent]));
        setMode({ kind: 'edit' });
        setSelected(saved.code);
      }
      await reloadTree(saved.parentCode);
    },
  });
  const remove = useMutation({
    mutationFn: (code: string) => postData<null>(REGION_REMOVE_URL, undefined, { id: code }),
    onSuccess: async () => {
      void message.success(t('common.deleteSuccess'));
      setSelected(undefined);
      form.resetFields();
      await reloadTree();
    },
  });

  const select = (keys: Key[]) => {
    setMode({ kind: 'edit' });
    setSelected(keys.length ? String(keys[0]) : undefined);
    if (!keys.length) form.resetFields();
  };
  const addChild = () => {
    const parent = record
      ? { code: record.code, name: record.name, level: record.regionLevel }
      : { code: COUNTRY, name: '', level: 0 };
    setMode({ kind: 'add', parent });
    form.resetFields();
    form.setFieldsValue({
      parentCode: parent.code,
      parentName: parent.name,
      code: parent.code === COUNTRY ? '' : parent.code,
      regionLevel: parent.level + 1,
      sort: 0,
      name: '',
      remark: '',
    });
  };
  const confirmDelete = () => {
    if (!record) return;
    modal.confirm({
      title: t('common.tip'),
      content: t('common.deleteConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => remove.mutateAsync(record.code).catch(() => undefined),
    });
  };
  const submit = (values: Record<string, unknown>) => {
    const { parentName: _parentName, regionLevel: _level, ...body } = values;
    save.mutate(body);
  };

  const adding = mode.kind === 'add';
  const writable = can(`${region.code}_add`);
  const showForm = adding || Boolean(record);
  const canAddChild = can(`${region.code}_add`) && !adding && (!record || record.regionLevel < VILLAGE_LEVEL);
  const toolbar = (
    <Space>
      {canAddChild && (
        <Button type="primary" icon={<PlusOutlined />} onClick={addChild}>
          {t('crud.region.addChild')}
        </Button>
      )}
      {can(`${region.code}_delete`) && !adding && record && (
        <Button danger icon={<DeleteOutlined />} onClick={confirmDelete}>
          {t('common.delete')}
        </Button>
      )}
    </Space>
  );

  return (
    <Row gutter={16} className="tenon-region">
      <Col span={8}>
        <Card
          title={t('crud.region.tree')}
          variant="borderless"
          styles={{ body: { maxHeight: 'calc(100vh - 240px)', overflow: 'auto' } }}
        >
          {root.isPending ? (
            <Spin size="small" />
          ) : root.data?.length ? (
            <Tree
              blockNode
              treeData={build(root.data)}
              loadData={load}
              expandedKeys={expanded}
              onExpand={setExpanded}
              selectedKeys={selected ? [selected] : []}
              onSelect={select}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
          )}
        </Card>
      </Col>
      <Col span={16}>
        <Card title={t(adding ? 'crud.region.newChild' : 'crud.region.detail')} variant="borderless" extra={toolbar}>
          {!showForm ? (
            selected && detail.isPending ? (
              <Spin size="small" />
            ) : (
              <Empty description={t('crud.region.pick')} />
            )
          ) : (
            <Form form={form} layout="horizontal" labelCol={{ span: 5 }} wrapperCol={{ span: 16 }} onFinish={submit}>
              {FIELDS.map((f) => {
                const locked = LOCKED.has(f.name) || (f.name === 'code' && !adding) || !writable;
                return (
                  <div key={f.name}>
                    <Form.Item
                      name={f.name}
                      label={f.label[lang]}
                      rules={locked ? [] : rulesOf(f, lang, t)}
                      validateTrigger="onBlur"
                      extra={f.name === 'code' && adding ? t('crud.region.codeHint') : undefined}
                    >
                      <FieldControl field={f} lang={lang} disabled={locked} />
                    </Form.Item>
                    {f.name === 'parentCode' && (
                      <Form.Item name="parentName" label={t('crud.region.parentName')}>
                        <Input disabled />
                      </Form.Item>
                    )}
                  </div>
                );
              })}
              {writable && (
                <Form.Item wrapperCol={{ offset: 5, span: 16 }}>
                  <Space>
                    <Button type="primary" htmlType="submit" loading={save.isPending}>
                      {t('common.save')}
                    </Button>
                    {adding && (
                      <Button
                        onClick={() => {
                          setMode({ kind: 'edit' });
                          form.resetFields();
                        }}
                      >
                        {t('common.cancel')}
                      </Button>
                    )}
                  </Space>
                </Form.Item>
              )}
            </Form>
          )}
        </Card>
      </Col>
    </Row>
  );
}
