import { BellOutlined } from '@ant-design/icons';
import { noticeEntity } from '@property/domain';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Badge, Empty, List, Popover, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../i18n';
import type { NoticeRecord } from '../answers';
import { request, type Envelope, type Page } from '../http';
import { useCanRead } from '../permissions';
import { usePopupKeys } from '../popup-keys';
import { HeaderTool } from './HeaderTool';

/** The notices' list call (spec §7.7 notice list). */
const NOTICES = noticeEntity;

/** The bell's query: the notice screen marks it stale after a save or removal, so the bell shows the change at once. */
export const HEADER_NOTICES = ['header-notices'];

/** The shown community notices (spec §7.7 notice list), newest first; none when the server does not answer the call. */
async function loadNotices(): Promise<{ records: NoticeRecord[]; total: number }> {
  try {
    const answer = await request<Envelope<Page<NoticeRecord>>>('GET', `${NOTICES.base}/list`, {
      params: { current: 1, size: 10, descs: 'createTime', status: 1 },
      quietCodes: [400, 403, 404, 405, 500],
    });
    return { records: answer.data?.records ?? [], total: answer.data?.total ?? 0 };
  } catch {
    return { records: [], total: 0 };
  }
}

const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} style={{ margin: '24px 0' }} />;

/**
 * The header's bell (spec §1, §2.2): tabs 邮件, 消息 and 通知. Mail and
 * messages have no call in the spec, so they show the empty state; notices
 * come from the notice list. Never sample data.
 */
export function NoticePopover() {
  const { t } = useTranslation();
  // Asked only by a user who may read them.
  const readable = useCanRead(NOTICES.permission);
  const notices = useQuery({
    queryKey: HEADER_NOTICES,
    queryFn: loadNotices,
    staleTime: 60_000,
    enabled: readable === true,
  });
  const rows = notices.data?.records ?? [];
  const [open, setOpen] = useState(false);
  // The popover lies at the end of the page: Tab from the bell enters it (popup-keys.ts).
  const { trigger: bell, panel, onTriggerKeyDown, onPanelKeyDown } = usePopupKeys(open, setOpen);
  const content = (
    <div ref={panel} onKeyDown={onPanelKeyDown}>
      <Tabs
        size="small"
        centered
        defaultActiveKey="notice"
        style={{ width: 320 }}
        items={[
          { key: 'mail', label: t('common.mailTab'), children: empty },
          { key: 'message', label: t('common.messageTab'), children: empty },
          {
            key: 'notice',
            label: `${t('common.noticeTab')}${rows.length ? ` (${notices.data?.total})` : ''}`,
            children: rows.length ? (
              <List
                size="small"
                dataSource={rows}
                renderItem={(n) => (
                  <List.Item key={n.id}>
                    <List.Item.Meta
                      avatar={n.imgUrl ? <Avatar shape="square" src={n.imgUrl} alt="" /> : undefined}
                      title={n.title}
                      description={n.createTime}
                    />
                  </List.Item>
                )}
              />
            ) : (
              empty
            ),
          },
        ]}
      />
    </div>
  );
  const unread = notices.data?.total ?? 0;
  // The bell's name says the count its badge shows (as the badge writes it: 99+), so the name holds what is seen.
  const label = unread > 0 ? t('common.noticesUnread', { count: unread > 99 ? '99+' : unread }) : t('common.notices');
  return (
    <Popover content={content} trigger="click" placement="bottomRight" arrow={false} open={open} onOpenChange={setOpen}>
      <HeaderTool ref={bell} label={label} aria-expanded={open} onKeyDown={onTriggerKeyDown}>
        <Badge count={unread} size="small" overflowCount={99}>
          <BellOutlined />
        </Badge>
      </HeaderTool>
    </Popover>
  );
}
