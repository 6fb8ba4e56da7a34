import { communityActivityEntity, noticeEntity, type EntityDef } from '@property/domain';
import type { ProColumns } from '@ant-design/pro-components';
import { Spin } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { HEADER_NOTICES } from '../../app/layout/NoticePopover';
import { queryClient } from '../../app/query-client';
import type { Row } from '../../crud/columns';
import { CrudPage } from '../../crud/CrudPage';
import { ImageUpload } from '../../crud/ImageUpload';
import './rich-text.css';

const RichTextEditor = lazy(() => import('./RichTextEditor'));

/** The editor, loaded with the dialog that needs it (its own chunk); the club's introduction uses it too. */
export function Editor(props: { value?: string; onChange?: (html: string) => void }) {
  return (
    <Suspense fallback={<Spin />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}

/** A notice or activity list: title, cover image (jpg/jpeg/png), rich-text content edited in the editor, show flag. */
function PublicationScreen({ entity, onChanged }: { entity: EntityDef; onChanged?: () => void }) {
  const overrides = useMemo<Record<string, Partial<ProColumns<Row>>>>(
    () => ({
      imgUrl: {
        valueType: 'image',
        ellipsis: false,
        renderFormItem: () => <ImageUpload messages={{ type: 'service.coverType', size: 'service.coverSize' }} />,
      },
      content: { hideInTable: true, hideInSearch: true, colProps: { span: 24 }, renderFormItem: () => <Editor /> },
    }),
    [],
  );
  return <CrudPage entity={entity} fieldOverrides={overrides} onChanged={onChanged} />;
}

const noticesChanged = () => void queryClient.invalidateQueries({ queryKey: HEADER_NOTICES });

export const NoticeScreen = () => <PublicationScreen entity={noticeEntity} onChanged={noticesChanged} />;
export const ActivityScreen = () => <PublicationScreen entity={communityActivityEntity} />;
