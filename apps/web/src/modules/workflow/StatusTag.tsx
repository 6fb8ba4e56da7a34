import { Tag } from 'antd';
import './flow.css';

export type TagTone = 'success' | 'processing' | 'warning' | 'error' | 'default';

/** A status in a tinted tag whose words stay readable (flow.css). */
export function StatusTag({ tone, text }: { tone: TagTone; text: string }) {
  return (
    <Tag className="flow-tag" color={tone}>
      {text}
    </Tag>
  );
}
