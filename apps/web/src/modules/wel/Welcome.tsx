import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useContext } from 'react';
import { useTranslation } from '../../app/i18n';
import { Link } from 'react-router-dom';
import { hasScreen } from '../../app/built-screens';
import { MenusContext } from '../../app/layout/menus-context';
import { menuIcon } from '../../app/layout/menu-icons';
import { pagesOf } from '../../app/menus';
import { session } from '../../app/session';
import { createElement } from 'react';

/**
 * /wel/index: a welcome, the menu's figures as the sidebar shows them, and the user's shortcuts: the first
 * working screens of each menu group (a module not built yet is left out until it works).
 */
export default function Welcome() {
  const { t } = useTranslation();
  const menus = useContext(MenusContext) ?? [];
  const user = session.user();
  const shortcuts = menus
    .flatMap((group) =>
      pagesOf(group.children ?? [])
        .filter((m) => !!m.code && hasScreen(m.code))
        .slice(0, 2),
    )
    .slice(0, 12);
  return (
    <div>
      <Card>
        <Typography.Title level={2} style={{ fontSize: 24 }}>
          {t('common.welcome')}
        </Typography.Title>
        <Typography.Text type="secondary">
          {user?.real_name || user?.account} · {t('common.tenantId')} {user?.tenant_id}
        </Typography.Text>
        <Row gutter={16} style={{ marginTop: 16 }}>
          <Col span={6}>
            <Statistic title={t('common.menuGroups')} value={menus.length} />
          </Col>
          <Col span={6}>
            <Statistic title={t('common.screens')} value={pagesOf(menus).length} />
          </Col>
        </Row>
      </Card>
      <Card title={t('common.shortcuts')} style={{ marginTop: 16 }}>
        <Row gutter={[16, 16]}>
          {shortcuts.map((m) => (
            <Col key={m.id} xs={12} sm={8} md={6} lg={4}>
              <Link to={m.path}>
                <Card hoverable size="small" style={{ textAlign: 'center' }}>
                  <div style={{ fontSize: 24 }}>{createElement(menuIcon(m.source))}</div>
                  <div>{m.name}</div>
                </Card>
              </Link>
            </Col>
          ))}
        </Row>
      </Card>
    </div>
  );
}
