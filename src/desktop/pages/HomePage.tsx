import { useMemo } from 'react';
import { Card, Col, Empty, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../client/i18n.ts';
import { useTenantName } from '../../client/queries.ts';
import { useSession } from '../../client/session.ts';
import { formatDateTime } from '../../shared/contract/time.ts';
import { MenuIcon } from '../components/MenuIcon.tsx';
import { useOpenMenu } from '../layout/use-open-menu.ts';
import { useSideMenus } from '../queries.ts';
import { HomeDesk } from './desk/HomeDesk.tsx';
import { flattenMenus, menuLabel, type MenuTreeNode } from '../router/menu-routes.ts';

function greetingKey(hour: number): string {
  if (hour < 6) return 'shell.home.night';
  if (hour < 12) return 'shell.home.morning';
  if (hour < 18) return 'shell.home.afternoon';
  return 'shell.home.evening';
}

/**
 * Home (first tab): a greeting with the user and tenant, his to-dos, unread messages and latest notices, and shortcuts
 * to every menu he holds.
 */
export default function HomePage() {
  const { t, i18n } = useTranslation();
  const { userInfo, tenantId } = useSession();
  const tenantName = useTenantName();
  const menus = useSideMenus('');
  const openMenu = useOpenMenu();
  const lang = currentLanguage();
  const groups = useMemo(
    () =>
      (menus ?? []).map((root: MenuTreeNode) => ({
        root,
        leaves: flattenMenus(root.children && root.children.length > 0 ? root.children : [root]).filter((e) => e.leaf),
      })),
    [menus],
  );

  const name = userInfo?.real_name || userInfo?.nick_name || userInfo?.user_name || '';
  const tenantLabel = tenantName || tenantId;
  return (
    <div className="tenon-home" lang={i18n.language}>
      <Card className="tenon-home-hello">
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t(greetingKey(Number(formatDateTime().slice(11, 13))), { name })}
        </Typography.Title>
        <Typography.Text type="secondary">
          {t('shell.home.tenant', { tenant: tenantLabel })}
          {userInfo?.role_name ? ` · ${t('shell.home.role', { role: userInfo.role_name })}` : ''}
        </Typography.Text>
      </Card>
      <HomeDesk />
      <Typography.Title level={5} className="tenon-home-section">
        {t('shell.home.shortcuts')}
      </Typography.Title>
      {menus && groups.length === 0 && <Empty description={t('shell.home.noMenus')} />}
      <Row gutter={[16, 16]}>
        {groups.map(({ root, leaves }) => (
          <Col key={root.id} xs={24} md={12} xl={8}>
            <Card
              size="small"
              title={
                <span className="tenon-home-group">
                  <MenuIcon source={root.source} /> {menuLabel(root, lang)}
                </span>
              }
            >
              <div className="tenon-home-links">
                {leaves.map((entry) => (
                  <button key={entry.id} type="button" className="tenon-home-link" onClick={() => openMenu(entry)}>
                    {menuLabel(entry, lang)}
                  </button>
                ))}
              </div>
            </Card>
          </Col>
        ))}
      </Row>
    </div>
  );
}
