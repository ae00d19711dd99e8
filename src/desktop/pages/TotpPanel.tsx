import { useState } from 'react';
import { Alert, App, Button, Form, Image, Input, Space, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  confirmTotp,
  disableTotp,
  fetchTotpStatus,
  startTotpEnrol,
  type TotpEnrolment,
  type TotpStatus,
} from '../../client/totp.ts';
import { DESKTOP_KEY } from '../queries.ts';

const STATUS_KEY = [DESKTOP_KEY, 'totp-status'] as const;

/** 个人信息's 两步验证 tab: turn on with the QR code and a first code (then the recovery codes), or turn off. */
export default function TotpPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data } = useQuery({ queryKey: STATUS_KEY, queryFn: fetchTotpStatus });
  const [enrolment, setEnrolment] = useState<TotpEnrolment>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const changed = () => queryClient.invalidateQueries({ queryKey: STATUS_KEY });
  if (!data) return null;
  if (recoveryCodes)
    return (
      <RecoveryCodeList
        codes={recoveryCodes}
        onDone={() => {
          setRecoveryCodes(undefined);
          setEnrolment(undefined);
          void changed();
        }}
      />
    );
  if (data.enabled) return <DisableForm status={data} done={() => void changed()} />;
  return (
    <Space direction="vertical" style={{ maxWidth: 520 }}>
      {data.required && <Alert type="warning" showIcon message={t('totp.requiredHint')} />}
      <Typography.Paragraph>{t('totp.intro')}</Typography.Paragraph>
      {enrolment ? (
        <TotpSetupForm
          enrolment={enrolment}
          submitLabel={t('totp.confirm')}
          confirm={async (code) => setRecoveryCodes(await confirmTotp(code))}
        />
      ) : (
        <Button type="primary" onClick={() => void startTotpEnrol().then(setEnrolment)}>
          {t('totp.enable')}
        </Button>
      )}
    </Space>
  );
}

/** The QR code and key of a secret awaiting its first code, and the code's input. */
export function TotpSetupForm({
  enrolment,
  confirm,
  submitLabel,
}: {
  enrolment: TotpEnrolment;
  confirm: (code: string) => Promise<unknown>;
  submitLabel: string;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();
  const [busy, setBusy] = useState(false);
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={async ({ code }) => {
        setBusy(true);
        try {
          await confirm(code);
        } catch {
          form.resetFields(); // the server's message was shown by the interceptor
        } finally {
          setBusy(false);
        }
      }}
    >
      <Typography.Paragraph>{t('totp.scan')}</Typography.Paragraph>
      <Image src={enrolment.qrCode} alt={t('totp.qrAlt')} width={180} height={180} preview={false} />
      <Typography.Paragraph>
        {t('totp.secret')}:{' '}
        <Typography.Text code copyable data-testid="totp-secret">
          {enrolment.secret}
        </Typography.Text>
      </Typography.Paragraph>
      <Form.Item
        name="code"
        label={t('totp.code')}
        rules={[{ required: true, whitespace: true, message: t('totp.codeRequired') }]}
      >
        <Input placeholder={t('totp.codePlaceholder')} inputMode="numeric" autoComplete="one-time-code" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        {submitLabel}
      </Button>
    </Form>
  );
}

/** Ten recovery codes, shown once. */
export function RecoveryCodeList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" style={{ maxWidth: 520 }}>
      <Typography.Title level={5}>{t('totp.recoveryTitle')}</Typography.Title>
      <Alert type="info" showIcon message={t('totp.recoveryHint')} />
      <ul aria-label={t('totp.recoveryTitle')} style={{ columns: 2, fontFamily: 'monospace', paddingLeft: 20 }}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button type="primary" onClick={onDone}>
        {t('totp.saved')}
      </Button>
    </Space>
  );
}

function DisableForm({ status, done }: { status: TotpStatus; done: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  return (
    <Space direction="vertical" style={{ maxWidth: 520 }}>
      <Alert type="success" showIcon message={t('totp.enabled')} />
      <Typography.Text>{t('totp.recoveryLeft', { count: status.recoveryCodesLeft })}</Typography.Text>
      {status.required ? (
        <Alert type="warning" showIcon message={t('totp.requiredHint')} />
      ) : (
        <Form<{ code?: string; password?: string }>
          layout="vertical"
          onFinish={async ({ code, password }) => {
            setBusy(true);
            try {
              await disableTotp(code?.trim() ? { code } : { password });
              void message.success(t('totp.disabled'));
              done();
            } catch {
              // the server's message was shown by the interceptor
            } finally {
              setBusy(false);
            }
          }}
        >
          <Typography.Paragraph>{t('totp.disableHint')}</Typography.Paragraph>
          <Form.Item name="code" label={t('totp.codeOrRecovery')}>
            <Input autoComplete="one-time-code" />
          </Form.Item>
          <Form.Item name="password" label={t('totp.password')}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Button danger htmlType="submit" loading={busy}>
            {t('totp.disable')}
          </Button>
        </Form>
      )}
    </Space>
  );
}
