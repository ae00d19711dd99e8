import { useId, useState } from 'react';
import { Button, DatePicker, Input, List, TextArea, Toast } from 'antd-mobile';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { startRequest } from '../../../client/api/flow.ts';
import {
  attachmentFieldsOf,
  edgeOf,
  formFieldsOf,
  isPeriod,
  isSent,
  periodOf,
  requiredMessage,
  type NamedField,
} from '../../../client/approval-fields.ts';
import { ApiFailure } from '../../../client/http.ts';
import { useLeaveDays, useNextWorkingDay } from '../../../client/work-calendar.ts';
import { leaveTime, type DayHalf } from '../../../shared/calendar/working-days.ts';
import { approvalOf, APPROVALS, type ApprovableDef } from '../../../shared/entities/approvals.ts';
import { patternProblem, type FieldDef } from '../../../shared/entities/define.ts';
import { AttachmentsUploader, type UploadedFile } from '../../components/AttachmentsUploader.tsx';
import { Field } from '../../components/Field.tsx';
import { APPROVAL_PATHS, routeValue } from '../../paths.ts';
import { leaveDaysText, local } from './business.ts';
import { useRefreshAfterAction } from './approval-queries.ts';
import { UserPicker, type Approver } from './UserPicker.tsx';

const DATE = 'YYYY-MM-DD';

/** Errors by field name, and the approver's. */
type Errors = Partial<Record<string, string>>;

/** 上午 / 下午 of a period's start or end, as two toggle buttons beside its date. */
function HalfDay({ label, value, onChange }: { label: string; value: DayHalf; onChange: (half: DayHalf) => void }) {
  const { t } = useTranslation();
  return (
    <span className="m-half-day" role="radiogroup" aria-label={label}>
      {(['am', 'pm'] as const).map((half) => (
        <button
          key={half}
          type="button"
          role="radio"
          aria-checked={value === half}
          className={value === half ? 'm-half-day-on' : ''}
          onClick={() => onChange(half)}
        >
          {t(`flow.process.${half}`)}
        </button>
      ))}
    </span>
  );
}

/** The message of a plain field's value the server would refuse (required, or its pattern), checked as it does. */
function problemOf(field: FieldDef, text: string): string | undefined {
  if (!text) {
    const message = requiredMessage(field);
    return message && local(message);
  }
  const problem = patternProblem(field, text);
  return problem ? local(problem) : undefined;
}

/**
 * Starting a request (leave, fund, any approvable entity: its form fields from its definition) from the phone, with
 * the definition chosen in the tab (start-list's latest). The fields are checked here as the server checks them; the
 * server's answer is final.
 */
export function RequestForm() {
  const params = useParams();
  const entity = approvalOf(params.kind) ?? APPROVALS[0];
  const processDefinitionId = routeValue(params.processDefinitionId);
  return <RequestFormOf key={entity.approval.kind} entity={entity} processDefinitionId={processDefinitionId} />;
}

function RequestFormOf({ entity, processDefinitionId }: { entity: ApprovableDef; processDefinitionId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refresh = useRefreshAfterAction();
  const kind = entity.approval.kind;
  const fields = formFieldsOf(entity);
  const period = periodOf(entity);
  // The usual period: the next working day (tenant zone and calendar), the whole day, until the user picks dates.
  const nextWorkingDay = useNextWorkingDay(Boolean(period));
  const [picked, setPicked] = useState<Record<string, string>>({});
  const [halves, setHalves] = useState<Record<string, DayHalf>>({});
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [files, setFiles] = useState<Record<string, UploadedFile[]>>({});
  const [uploading, setUploading] = useState<Record<string, boolean>>({});
  const [picking, setPicking] = useState<NamedField>();
  const [approver, setApprover] = useState<Approver>();
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const textAreaId = useId();
  const clear = (name: string) => setErrors((current) => ({ ...current, [name]: undefined }));

  const startDate = (period && picked[period.start]) ?? nextWorkingDay;
  // One day until the end is picked.
  const dateOf = (named: NamedField) =>
    picked[named.name] ?? (edgeOf(named.field) === 'end' ? startDate : nextWorkingDay);
  const halfOf = (named: NamedField): DayHalf => halves[named.name] ?? (edgeOf(named.field) === 'start' ? 'am' : 'pm');
  const timeOf = (named: NamedField) => leaveTime(dateOf(named), halfOf(named), edgeOf(named.field));
  const startField = fields.find((f) => f.name === period?.start);
  const endField = fields.find((f) => f.name === period?.end);
  const startTime = startField && timeOf(startField);
  const endTime = endField && timeOf(endField);
  const days = useLeaveDays(startTime, endTime);

  const check = (): Errors => {
    const found: Errors = {};
    const backwards = startTime && endTime && endTime <= startTime;
    if (endField && backwards) found[endField.name] = t('mobile.approvals.endBeforeStart');
    for (const { name, field } of fields) {
      if (isPeriod(field) || !isSent(field)) continue;
      const problem = problemOf(field, (texts[name] ?? '').trim());
      if (problem) found[name] = problem;
    }
    if (!approver?.id) found.approver = t('mobile.approvals.approverRequired');
    return found;
  };

  const submit = async () => {
    const found = check();
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    if (Object.values(uploading).some(Boolean)) {
      Toast.show({ content: t('mobile.attachments.wait') });
      return;
    }
    if (!navigator.onLine) {
      Toast.show({ icon: 'fail', content: t('mobile.approvals.submitNeedsNetwork') });
      return;
    }
    setSending(true);
    try {
      const values = Object.fromEntries(
        fields
          .filter((f) => isSent(f.field))
          .map((named) => [named.name, isPeriod(named.field) ? timeOf(named) : (texts[named.name] ?? '').trim()]),
      );
      // An attachments field travels as its files' ids, as the desktop sends it.
      for (const { name } of attachmentFieldsOf(entity))
        if (files[name]?.length) values[name] = files[name].map((file) => file.id).join(',');
      await startRequest(kind, { processDefinitionId, ...values, taskUser: approver!.id });
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

  const control = (named: NamedField) => {
    const { name, field } = named;
    const label = local(field.label);
    if (isPeriod(field)) {
      const edge = edgeOf(field);
      const onHalf = (half: DayHalf) => {
        setHalves((current) => ({ ...current, [name]: half }));
        if (endField) clear(endField.name);
      };
      return (
        <Field
          key={name}
          label={label}
          error={errors[name]}
          extra={<HalfDay label={t(`flow.process.${edge}Half`)} value={halfOf(named)} onChange={onHalf} />}
        >
          <button type="button" className="m-picker-button" aria-label={label} onClick={() => setPicking(named)}>
            <span className="m-picker-value">{dateOf(named)}</span>
          </button>
        </Field>
      );
    }
    if (field.control === 'leave-days') {
      return (
        <Field key={name} label={label}>
          <span className="m-picker-value m-leave-days">{days === undefined ? '-' : leaveDaysText(days)}</span>
          <div className="m-field-hint">{t('flow.process.daysHint')}</div>
        </Field>
      );
    }
    const value = texts[name] ?? '';
    const onChange = (text: string) => {
      setTexts((current) => ({ ...current, [name]: text }));
      clear(name);
    };
    const placeholder = local(field.placeholder ?? requiredMessage(field) ?? field.label);
    if (field.control === 'textarea' || field.type === 'text') {
      const id = `${textAreaId}-${name}`;
      return (
        <Field key={name} label={label} error={errors[name]}>
          <label htmlFor={id} className="m-visually-hidden">
            {label}
          </label>
          <TextArea
            id={id}
            value={value}
            onChange={onChange}
            placeholder={placeholder}
            maxLength={field.max}
            autoSize={{ minRows: 2, maxRows: 5 }}
          />
        </Field>
      );
    }
    const numeric = field.type === 'money' || field.type === 'decimal' || field.type === 'int';
    return (
      <Field key={name} label={label} error={errors[name]}>
        <Input
          value={value}
          onChange={onChange}
          placeholder={placeholder}
          aria-label={label}
          clearable
          {...(numeric ? { inputMode: 'decimal' as const } : { maxLength: field.max })}
        />
      </Field>
    );
  };

  return (
    <form
      className="m-form-page"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <List mode="card" className="m-form">
        {fields.map(control)}
        {attachmentFieldsOf(entity).map(({ name, field }) => (
          <Field key={name} label={local(field.label)} error={errors[name]}>
            <AttachmentsUploader
              label={local(field.label)}
              value={files[name] ?? []}
              onChange={(chosen) => setFiles((current) => ({ ...current, [name]: chosen }))}
              onError={(message) => setErrors((current) => ({ ...current, [name]: message || undefined }))}
              onBusy={(busy) => setUploading((current) => ({ ...current, [name]: busy }))}
            />
          </Field>
        ))}
        <UserPicker
          value={approver}
          onChange={(value) => {
            setApprover(value);
            clear('approver');
          }}
          error={errors.approver}
        />
      </List>
      <div className="m-section">
        <Button block type="submit" color="primary" size="large" loading={sending}>
          {t('mobile.approvals.submit')}
        </Button>
      </div>
      <DatePicker
        visible={picking !== undefined}
        precision="day"
        title={picking ? local(picking.field.label) : ''}
        value={dayjs(picking ? dateOf(picking) : startDate).toDate()}
        onClose={() => setPicking(undefined)}
        onConfirm={(value) => {
          if (!picking) return;
          setPicked((current) => ({ ...current, [picking.name]: dayjs(value).format(DATE) }));
          if (endField) clear(endField.name);
        }}
      />
    </form>
  );
}
