import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { demoAccountsQuery } from './queries.ts';

export interface DemoPick {
  tenantId: string;
  username: string;
  password: string;
}

/**
 * Where `npm run demo` filled the database, the login page lists its accounts (the server says which are still live);
 * a click fills the form. Plain elements, styled by each layout (`tenon-demo-*`), so both login pages share it.
 */
export function DemoAccountsHint({ onPick }: { onPick: (pick: DemoPick) => void }) {
  const { t } = useTranslation();
  const { data } = useQuery(demoAccountsQuery);
  if (!data?.accounts.length) return null;
  return (
    // No accessible name of its own: "演示账号" would also answer to the form's 账号 label.
    <section className="tenon-demo">
      <div className="tenon-demo-title">{t('common.demoAccounts.title', { tenant: data.tenantId })}</div>
      <ul className="tenon-demo-list">
        {data.accounts.map(({ account, realName, password }) => (
          <li key={account}>
            <button
              type="button"
              className="tenon-demo-account"
              title={t('common.demoAccounts.pick')}
              onClick={() => onPick({ tenantId: data.tenantId, username: account, password })}
            >
              <span className="tenon-demo-name">{realName}</span>
              <code>
                {account} / {password}
              </code>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
