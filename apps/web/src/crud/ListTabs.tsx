import { Tabs } from 'antd';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';

/** One list of a tabbed screen: its tab's name and the list. */
export interface ListTab {
  key: string;
  label: string;
  list: ReactNode;
}

/**
 * Lists one menu shows side by side (one permission covers them: 消息模板 and 小区消息, 巡更任务 and 巡更记录),
 * one tab each. Only the open tab's list is mounted, and switching clears the address's paging and filters,
 * which belong to the list that put them there.
 */
export function ListTabs({ tabs }: { tabs: ListTab[] }) {
  const [active, setActive] = useState(tabs[0]!.key);
  const [, setAddressParams] = useSearchParams();
  return (
    <Tabs
      className="list-tabs"
      activeKey={active}
      onChange={(key) => {
        setAddressParams({}, { replace: true });
        setActive(key);
      }}
      destroyOnHidden
      items={tabs.map(({ key, label, list }) => ({ key, label, children: list }))}
    />
  );
}
