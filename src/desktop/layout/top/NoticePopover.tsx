import { Button, Popover, Tabs, Tag } from 'antd';
import { NotificationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/**
 * The spec's notice popover shows sample static data in a work-order tab: no work-order service exists, so these
 * rows are fixed, labelled as samples, and never sent anywhere.
 */
const WORK_ORDER_SAMPLES = [
  { key: 'sample1', time: '2019-05-08 12:00:00', state: 'todo' },
  { key: 'sample2', time: '2019-05-08 12:00:00', state: 'doing' },
  { key: 'sample3', time: '2019-05-08 12:00:00', state: 'done' },
] as const;

const STATE_COLOR = { todo: 'default', doing: 'processing', done: 'success' } as const;

export function NoticePopover() {
  const { t } = useTranslation();
  const content = (
    <div className="tenon-notice">
      <Tabs
        size="small"
        items={[
          {
            key: 'workOrder',
            label: t('shell.notice.workOrder'),
            children: (
              <>
                <div className="tenon-notice-sample">{t('shell.notice.sampleNote')}</div>
                <ul className="tenon-notice-list">
                  {WORK_ORDER_SAMPLES.map((row) => (
                    <li key={row.key}>
                      <div>
                        <div className="tenon-notice-title">{t(`shell.notice.samples.${row.key}`)}</div>
                        <div className="tenon-notice-time">{row.time}</div>
                      </div>
                      <Tag color={STATE_COLOR[row.state]}>{t(`shell.notice.state.${row.state}`)}</Tag>
                    </li>
                  ))}
                </ul>
              </>
            ),
          },
        ]}
      />
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" content={content} arrow={false}>
      <Button
        type="text"
        className="tenon-top-item"
        aria-label={t('shell.notice.title')}
        title={t('shell.notice.title')}
      >
        <NotificationOutlined className="tenon-top-icon" />
      </Button>
    </Popover>
  );
}
