import { useId, useState } from 'react';
import { Button, DatePicker, Input, List, TextArea, Toast } from 'antd-mobile';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { startFinance, startLeave } from '../../../client/api/flow.ts';
import { ApiFailure } from '../../../client/http.ts';
import { Field } from '../../components/Field.tsx';
import { APPROVAL_PATHS, routeValue } from '../../paths.ts';
import { leaveDuration } from './business.ts';
import { useRefreshAfterAction } from './flow-queries.ts';
import { UserPicker, type Approver } from './UserPicker.tsx';

const WIRE = 'YYYY-MM-DD HH:mm:00';
const SHOWN = 'YYYY-MM-DD HH:mm';
const AMOUNT = /^\d{1,16}(\.\d{1,2})?$/;

/** Tomorrow's working day, the usual leave: 09:00 to 18:00. */
const tomorrowAt = (hour: number) => dayjs().add(1, 'day').hour(hour).minute(0).second(0).millisecond(0).toDate();

type Errors = Partial<Record<'startTime' | 'endTime' | 'reason' | 'title' | 'amount' | 'approver', string>>;

/**
 * Starting a leave or fund request from the phone, with the definition chosen in the tab (start-list's latest). The
 * fields are checked here as the server checks them; the server's answer is final.
 */
export function RequestForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const kind = params.kind === 'finance' ? 'finance' : 'leave';
  const processDefinitionId = routeValue(params.processDefinitionId);
  const refresh = useRefreshAfterAction();
  const [startTime, setStartTime] = useState<Date | undefined>(() => tomorrowAt(9));
  const [endTime, setEndTime] = useState<Date | undefined>(() => tomorrowAt(18));
  const [picking, setPicking] = useState<'start' | 'end'>();
  const [reason, setReason] = useState('');
  const [title, setTitle] = useState('');
  const [amount, setAmount] = useState('');
  const [approver, setApprover] = useState<Approver>();
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const reasonId = useId();
  const reasonLabel = kind === 'leave' ? t('mobile.approvals.leaveReason') : t('mobile.approvals.fundReason');
  const clear = (name: keyof Errors) => setErrors((current) => ({ ...current, [name]: undefined }));

  const check = (): Errors => {
    const found: Errors = {};
    if (kind === 'leave') {
      if (!startTime) found.startTime = t('mobile.approvals.startTimeRequired');
      if (!endTime) found.endTime = t('mobile.approvals.endTimeRequired');
      else if (startTime && endTime <= startTime) found.endTime = t('mobile.approvals.endBeforeStart');
    } else {
      if (!title.trim()) found.title = t('mobile.approvals.titleRequired');
      if (!AMOUNT.test(amount.trim()) || Number(amount) <= 0) found.amount = t('mobile.approvals.amountInvalid');
    }
    if (!reason.trim()) found.reason = t(kind === 'leave' ? 'mobile.approvals.reasonRequired' : 'mobile.approvals.fundReasonRequired');
    if (!approver?.id) found.approver = t('mobile.approvals.approverRequired');
    return found;
  };

  const submit = async () => {
    const found = check();
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    if (!navigator.onLine) {
      Toast.show({ icon: 'fail', content: t('mobile.approvals.submitNeedsNetwork') });
      return;
    }
    setSending(true);
    try {
      const taskUser = approver!.id;
      if (kind === 'leave') {
        await startLeave({
          processDefinitionId, startTime: dayjs(startTime).format(WIRE), endTime: dayjs(endTime).format(WIRE), reason: reason.trim(), taskUser,
        });
      } else {
        await startFinance({ processDefinitionId, title: title.trim(), amount: amount.trim(), reason: reason.trim(), taskUser });
      }
    } catch (error) {
      // The server's refusals are toasted by the interceptor; a request that never got an answer is said here.
      if (!(error instanceof ApiFailure)) Toast.show({ icon: 'fail', content: t('common.networkError') });
      setSending(false);
      return;
    }
    Toast.show({ icon: 'success', content: t('mobile.approvals.submitted') });
    void refresh();
    navigate(APPROVAL_PATHS.tab('mine'), { replace: true });
  };

  const time = (value: Date | undefined) => (value
    ? <span className="m-picker-value">{dayjs(value).format(SHOWN)}</span>
    : <span className="m-picker-placeholder">{t('mobile.approvals.pickTime')}</span>);
  const duration = kind === 'leave' && startTime && endTime && endTime > startTime
    ? leaveDuration(dayjs(startTime).format(WIRE), dayjs(endTime).format(WIRE)) : '';

  return (
    <form className="m-form-page" noValidate onSubmit={(event) => { event.preventDefault(); void submit(); }}>
      <List mode="card" className="m-form">
        {kind === 'leave' ? (
          <>
            <Field label={t('mobile.approvals.startTime')} error={errors.startTime}>
              <button type="button" className="m-picker-button" aria-label={t('mobile.approvals.startTime')} onClick={() => setPicking('start')}>{time(startTime)}</button>
            </Field>
            <Field label={t('mobile.approvals.endTime')} error={errors.endTime}>
              <button type="button" className="m-picker-button" aria-label={t('mobile.approvals.endTime')} onClick={() => setPicking('end')}>{time(endTime)}</button>
            </Field>
            {duration && <Field label={t('mobile.approvals.days')}><span className="m-picker-value">{duration}</span></Field>}
          </>
        ) : (
          <>
            <Field label={t('mobile.approvals.fundTitle')} error={errors.title}>
              <Input value={title} onChange={(value) => { setTitle(value); clear('title'); }} placeholder={t('mobile.approvals.titlePlaceholder')}
                aria-label={t('mobile.approvals.fundTitle')} maxLength={255} clearable />
            </Field>
            <Field label={t('mobile.approvals.amount')} error={errors.amount}>
              <Input value={amount} onChange={(value) => { setAmount(value); clear('amount'); }} placeholder={t('mobile.approvals.amountPlaceholder')}
                aria-label={t('mobile.approvals.amount')} inputMode="decimal" clearable />
            </Field>
          </>
        )}
        <Field label={reasonLabel} error={errors.reason}>
          <label htmlFor={reasonId} className="m-visually-hidden">{reasonLabel}</label>
          <TextArea id={reasonId} value={reason} onChange={(value) => { setReason(value); clear('reason'); }} placeholder={t(kind === 'leave' ? 'mobile.approvals.reasonPlaceholder' : 'mobile.approvals.fundReasonPlaceholder')}
            maxLength={255} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Field>
        <UserPicker value={approver} onChange={(value) => { setApprover(value); clear('approver'); }} error={errors.approver} />
      </List>
      <div className="m-section">
        <Button block type="submit" color="primary" size="large" loading={sending}>{t('mobile.approvals.submit')}</Button>
      </div>
      <DatePicker
        visible={picking !== undefined}
        precision="minute"
        title={picking === 'end' ? t('mobile.approvals.endTime') : t('mobile.approvals.startTime')}
        value={(picking === 'end' ? endTime : startTime) ?? tomorrowAt(9)}
        onClose={() => setPicking(undefined)}
        onConfirm={(value) => {
          if (picking === 'end') { setEndTime(value); clear('endTime'); } else { setStartTime(value); clear('startTime'); }
        }}
      />
    </form>
  );
}
