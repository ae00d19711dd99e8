import { useEffect, useState } from 'react';
import { CheckList, DotLoading, Input, List, Popup, SearchBar } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchUserOptions, type UserOption } from '../../../client/api/flow.ts';
import { useSession } from '../../../client/session.ts';

const SEARCH_DELAY_MS = 300;

export interface Approver {
  id: string;
  name: string;
}

/**
 * The approver: picked from the tenant's users, searched by name. A caller who may not read the user list (the
 * server's `user` menu code) types the approver's user id instead, as on the desktop.
 */
export function UserPicker({
  value,
  onChange,
  error,
}: {
  value?: Approver;
  onChange: (value: Approver) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { userInfo } = useSession();
  const [keyword, setKeyword] = useState('');
  const [searched, setSearched] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearched(keyword.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [keyword]);
  const users = useQuery({
    queryKey: ['mobile', 'approvers', searched],
    queryFn: () => fetchUserOptions(searched),
    enabled: open,
    retry: false,
    staleTime: 60_000,
  });
  const options = (users.data ?? []).filter((user) => user.id !== userInfo?.user_id);
  const unavailable = users.isError;
  const label = (user: UserOption) => user.realName || user.name || user.account;

  return (
    <>
      <List.Item
        className="m-field"
        prefix={<span className="m-field-label">{t('mobile.approvals.approver')}</span>}
        onClick={() => setOpen(true)}
        description={
          error ? (
            <span className="m-field-error" role="alert">
              {error}
            </span>
          ) : undefined
        }
        arrowIcon
      >
        <span
          className={value ? 'm-picker-value' : 'm-picker-placeholder'}
          aria-label={t('mobile.approvals.approver')}
          role="button"
        >
          {value ? value.name : t('mobile.approvals.approverPlaceholder')}
        </span>
      </List.Item>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        showCloseButton
        bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, height: '70vh' }}
      >
        <section className="m-picker" role="dialog" aria-label={t('mobile.approvals.chooseApprover')}>
          <h3 className="m-sheet-title">{t('mobile.approvals.chooseApprover')}</h3>
          {unavailable ? (
            <>
              <p className="m-hint">{t('mobile.approvals.userListUnavailable')}</p>
              <List mode="card">
                <List.Item prefix={<span className="m-field-label">{t('mobile.approvals.approverId')}</span>}>
                  <Input
                    value={value?.id ?? ''}
                    onChange={(id) => onChange({ id: id.trim(), name: id.trim() })}
                    placeholder={t('mobile.approvals.approverIdPlaceholder')}
                    aria-label={t('mobile.approvals.approverId')}
                    inputMode="numeric"
                    clearable
                  />
                </List.Item>
              </List>
            </>
          ) : (
            <>
              <SearchBar value={keyword} onChange={setKeyword} placeholder={t('mobile.approvals.searchUser')} />
              <div className="m-picker-list">
                {users.isPending ? (
                  <div className="m-state-inline" aria-busy="true">
                    <DotLoading color="primary" />
                  </div>
                ) : options.length === 0 ? (
                  <div className="m-state-inline">{t('mobile.approvals.noUser')}</div>
                ) : (
                  <CheckList
                    value={value ? [value.id] : []}
                    onChange={(ids) => {
                      const user = options.find((option) => option.id === ids[0]);
                      if (!user) return;
                      onChange({ id: user.id, name: label(user) });
                      setOpen(false);
                    }}
                  >
                    {options.map((user) => (
                      <CheckList.Item key={user.id} value={user.id} description={user.deptName || user.account}>
                        {label(user)}
                      </CheckList.Item>
                    ))}
                  </CheckList>
                )}
              </div>
            </>
          )}
        </section>
      </Popup>
    </>
  );
}
