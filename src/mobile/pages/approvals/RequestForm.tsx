import { useId, useState } from 'react';
import { Button, DatePicker, Input, List, TextArea, Toast } from 'antd-mobile';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { startFinance, startLeave } from '../../../client/api/flow.ts';
import { ApiFailure } from '../../../client/http.ts';
import { useLeaveDays, useNextWorkingDay } from '../../../client/work-calendar.ts';
import { leaveTime, type DayHalf } from '../../../shared/calendar/working-days.ts';
import { Field } from '../../components/Field.tsx';
import { APPROVAL_PATHS, routeValue } from '../../paths.ts';
import { leaveDaysText } from './business.ts';
import { useRefreshAfterAction } from './flow-queries.ts';
import { UserPicker, type Approver } from './UserPicker.tsx';

const DATE = 'YYYY-MM-DD';
const AMOUNT = /^\d{1,16}(\.\d{1,2})?$/;

type Errors = Partial<Record<'endTime' | 'reason' | 'title' | 'amount' | 'approver', string>>;

/** 上午 / 下午 of a leave's start or end, as two toggle buttons beside its date. */
function HalfDay({ label, value, onChange }: { label: string; value: DayHalf; onChange: (half: DayHalf) => void }) {
  const { t } = useTranslation();
  return (
    <span className="m-half-day" role="radiogroup" aria-label={label}>
      {(['am', 'pm'] as const).map((half) => (
        <button key={half} type="button" role="radio" aria-checked={value === half} className={value === half ? 'm-half-day-on' : ''}
          onClick={() => onChange(half)}>
          {t(`flow.process.${half}`)}
        </button>
      ))}
    </span>
  );
}

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
  // The usual leave: the next working day (tenant zone and calendar), the whole day, until the user picks dates.
  const nextWorkingDay = useNextWorkingDay(kind === 'leave');
  const [pickedStart, setStartDate] = useState<string>();
  const [startHalf, setStartHalf] = useState<DayHalf>('am');
  const [pickedEnd, setEndDate] = useState<string>();
  const [endHalf, setEndHalf] = useState<DayHalf>('pm');
  const startDate = pickedStart ?? nextWorkingDay;
  const endDate = pickedEnd ?? startDate; // a one-day leave until the end is picked
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
  const startTime = leaveTime(startDate, startHalf, 'start');
  const endTime = leaveTime(endDate, endHalf, 'end');
  const days = useLeaveDays(kind === 'leave' ? startTime : undefined, endTime);

  const check = (): Errors => {
    const found: Errors = {};
    if (kind === 'leave') {
      if (endTime <= startTime) found.endTime = t('mobile.approvals.endBeforeStart');
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
        await startLeave({ processDefinitionId, startTime, endTime, reason: reason.trim(), taskUser });
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

  return (
    <form className="m-form-page" noValidate onSubmit={(event) => { event.preventDefault(); void submit(); }}>
      <List mode="card" className="m-form">
        {kind === 'leave' ? (
          <>
            <Field label={t('mobile.approvals.startTime')}
              extra={<HalfDay label={t('flow.process.startHalf')} value={startHalf} onChange={(half) => { setStartHalf(half); clear('endTime'); }} />}>
              <button type="button" className="m-picker-button" aria-label={t('mobile.approvals.startTime')} onClick={() => setPicking('start')}>
                <span className="m-picker-value">{startDate}</span>
              </button>
            </Field>
            <Field label={t('mobile.approvals.endTime')} error={errors.endTime}
              extra={<HalfDay label={t('flow.process.endHalf')} value={endHalf} onChange={(half) => { setEndHalf(half); clear('endTime'); }} />}>
              <button type="button" className="m-picker-button" aria-label={t('mobile.approvals.endTime')} onClick={() => setPicking('end')}>
                <span className="m-picker-value">{endDate}</span>
              </button>
            </Field>
            <Field label={t('mobile.approvals.days')}>
              <span className="m-picker-value m-leave-days">{days === undefined ? '-' : leaveDaysText(days)}</span>
              <div className="m-field-hint">{t('flow.process.daysHint')}</div>
            </Field>
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
        precision="day"
        title={picking === 'end' ? t('mobile.approvals.endTime') : t('mobile.approvals.startTime')}
        value={dayjs(picking === 'end' ? endDate : startDate).toDate()}
        onClose={() => setPicking(undefined)}
        onConfirm={(value) => {
          const picked = dayjs(value).format(DATE);
          if (picking === 'end') { setEndDate(picked); clear('endTime'); } else { setStartDate(picked); clear('endTime'); }
        }}
      />
    </form>
  );
}
