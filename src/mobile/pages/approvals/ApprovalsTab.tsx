import { useEffect, useState } from 'react';
import { ActionSheet, Badge, Button, Tabs, Toast } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { businessOf, type FlowProcess } from '../../../client/api/flow.ts';
import { approvalOf } from '../../../shared/entities/approvals.ts';
import { useOnline } from '../../../client/pwa.ts';
import { badgeText } from '../../hooks.ts';
import { APPROVAL_PATHS, type ApprovalSegment } from '../../paths.ts';
import { useCategories, useStartList, useWorkList, type WorkListKind } from './approval-queries.ts';
import { UndoBar } from './UndoBar.tsx';
import { WorkList } from './WorkList.tsx';

const SEGMENTS: Record<ApprovalSegment, WorkListKind> = { todo: 'todo', claim: 'claim', mine: 'send', copies: 'copy' };
const segmentOf = (value: string | null): ApprovalSegment =>
  value === 'claim' || value === 'mine' || value === 'copies' ? value : 'todo';

/** 审批: my to-do tasks, the tasks I may claim, my own requests, those copied to me (抄送), and starting a request. */
export function ApprovalsTab() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const online = useOnline();
  const [search, setSearch] = useSearchParams();
  const segment = segmentOf(search.get('tab'));
  const todoTotal = Number(useWorkList('todo').data?.pages[0]?.total ?? 0);
  const claimTotal = Number(useWorkList('claim').data?.pages[0]?.total ?? 0);
  const [choosing, setChoosing] = useState(false);
  const startList = useStartList(choosing);
  const categories = useCategories().data;

  // A process of no business form (通用流程) starts from its own start form.
  const startable = (startList.data ?? []).map((process) => ({
    process,
    kind: businessOf(categories, process.category) ?? byKey(process) ?? 'process',
  }));
  const openStart = () => {
    if (!online) {
      Toast.show({ content: t('mobile.approvals.submitNeedsNetwork') });
      return;
    }
    setChoosing(true);
  };
  const noneToStart = choosing && startList.isSuccess && categories !== undefined && startable.length === 0;
  const failed = choosing && startList.isError && !startList.isFetching;
  useEffect(() => {
    if (!noneToStart && !failed) return;
    if (noneToStart) Toast.show({ content: t('mobile.approvals.noProcess') });
    setChoosing(false);
  }, [noneToStart, failed, t]);

  const title = (text: string, count: number) => (
    <Badge content={badgeText(count)} style={{ '--right': '-12px', '--top': '2px' }}>
      {text}
    </Badge>
  );
  return (
    <>
      <div className="m-toolbar">
        <Tabs
          activeKey={segment}
          activeLineMode="fixed"
          onChange={(key) => setSearch(key === 'todo' ? {} : { tab: key }, { replace: true })}
        >
          <Tabs.Tab key="todo" title={title(t('mobile.approvals.todo'), todoTotal)} />
          <Tabs.Tab key="claim" title={title(t('mobile.approvals.claim'), claimTotal)} />
          <Tabs.Tab key="mine" title={t('mobile.approvals.mine')} />
          <Tabs.Tab key="copies" title={t('mobile.approvals.copies')} />
        </Tabs>
        <Button
          className="m-toolbar-button"
          fill="none"
          color="primary"
          onClick={openStart}
          aria-label={t('mobile.approvals.start')}
        >
          <AddOutline />
        </Button>
      </div>
      <WorkList key={segment} kind={SEGMENTS[segment]} />
      <UndoBar />
      <ActionSheet
        visible={choosing && startable.length > 0}
        extra={t('mobile.approvals.startTitle')}
        cancelText={t('common.cancel')}
        actions={startable.map(({ process, kind }) => ({
          key: process.id,
          text: process.name,
          onClick: () => {
            setChoosing(false);
            navigate(APPROVAL_PATHS.form(kind, process.id));
          },
        }))}
        onClose={() => setChoosing(false)}
      />
    </>
  );
}

/** Without a routed category, the seeded keys still say which form a definition uses (`Leave` -> leave). */
const byKey = (process: FlowProcess) => approvalOf(process.key.toLowerCase())?.approval.kind;
