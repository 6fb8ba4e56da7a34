import {
  BoldOutlined,
  FileImageOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  RedoOutlined,
  UndoOutlined,
  UnorderedListOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { mergeAttributes, Node } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Space, Spin, Tooltip, message } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../app/i18n';
import { editorImageProblem, uploadServiceFile, videoProblem } from './uploads';

/** A <video controls> block: the editor's own node for uploaded videos (the server keeps src and controls only). */
const Video = Node.create({
  name: 'video',
  group: 'block',
  atom: true,
  addAttributes: () => ({ src: { default: null } }),
  parseHTML: () => [{ tag: 'video[src]' }],
  renderHTML: ({ HTMLAttributes }) => ['video', mergeAttributes(HTMLAttributes, { controls: 'true' })],
});

/** The editor's height (spec §9). */
export const EDITOR_HEIGHT = 500;

/**
 * The rich-text editor of notices and activities (tiptap): headings, bold,
 * italic, lists, images and videos uploaded through file/upload (images at
 * most 10 MB, mp4 videos at most 52,428,800 bytes). Its value is HTML; the
 * server sanitises it again before saving, whatever it holds.
 */
export default function RichTextEditor({ value, onChange }: { value?: string; onChange?: (html: string) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const imageInput = useRef<HTMLInputElement>(null);
  const videoInput = useRef<HTMLInputElement>(null);
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Image, Video],
    content: value ?? '',
    immediatelyRender: true,
    editorProps: { attributes: { 'aria-label': t('service.editor'), 'aria-multiline': 'true', role: 'textbox' } },
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
  });
  // A form reset or a row opened for editing sets the value from outside.
  useEffect(() => {
    if (editor && (value ?? '') !== (editor.isEmpty ? '' : editor.getHTML()))
      editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);

  const insert = async (file: File, kind: 'image' | 'video') => {
    const problem = kind === 'image' ? editorImageProblem(file) : videoProblem(file);
    if (problem) {
      const key =
        kind === 'image'
          ? problem === 'type'
            ? 'editorImageType'
            : 'editorImageSize'
          : problem === 'type'
            ? 'videoType'
            : 'videoSize';
      void message.error(t(`service.${key}`));
      return;
    }
    setBusy(true);
    try {
      const link = await uploadServiceFile(file, 'editor');
      if (kind === 'image') editor?.chain().focus().setImage({ src: link }).run();
      else
        editor
          ?.chain()
          .focus()
          .insertContent({ type: 'video', attrs: { src: link } })
          .run();
    } catch {
      // the call showed the server's message
    } finally {
      setBusy(false);
    }
  };
  const tool = (label: string, icon: ReactNode, action: () => void, active = false) => (
    <Tooltip title={label}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        aria-label={label}
        aria-pressed={active}
        icon={icon}
        onClick={action}
      />
    </Tooltip>
  );
  const chain = () => editor!.chain().focus();
  return (
    <div className="rich-text" style={{ border: '1px solid #d9d9d9', borderRadius: 6 }}>
      <Space wrap size={2} style={{ padding: 4, borderBottom: '1px solid #f0f0f0', width: '100%' }}>
        {tool(
          t('service.heading'),
          <span style={{ fontWeight: 700 }}>H</span>,
          () => chain().toggleHeading({ level: 2 }).run(),
          editor?.isActive('heading'),
        )}
        {tool(t('service.bold'), <BoldOutlined />, () => chain().toggleBold().run(), editor?.isActive('bold'))}
        {tool(t('service.italic'), <ItalicOutlined />, () => chain().toggleItalic().run(), editor?.isActive('italic'))}
        {tool(
          t('service.bulletList'),
          <UnorderedListOutlined />,
          () => chain().toggleBulletList().run(),
          editor?.isActive('bulletList'),
        )}
        {tool(
          t('service.orderedList'),
          <OrderedListOutlined />,
          () => chain().toggleOrderedList().run(),
          editor?.isActive('orderedList'),
        )}
        {tool(t('service.insertImage'), <FileImageOutlined />, () => imageInput.current?.click())}
        {tool(t('service.insertVideo'), <VideoCameraOutlined />, () => videoInput.current?.click())}
        {tool(t('service.undo'), <UndoOutlined />, () => chain().undo().run())}
        {tool(t('service.redo'), <RedoOutlined />, () => chain().redo().run())}
        {busy && <Spin size="small" aria-label={t('service.uploading')} />}
      </Space>
      <input
        ref={imageInput}
        type="file"
        style={{ display: 'none' }}
        accept=".jpg,.jpeg,.png,.gif,.webp"
        data-testid="editor-image-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void insert(file, 'image');
        }}
      />
      <input
        ref={videoInput}
        type="file"
        style={{ display: 'none' }}
        accept=".mp4,video/mp4"
        data-testid="editor-video-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void insert(file, 'video');
        }}
      />
      <EditorContent editor={editor} style={{ height: EDITOR_HEIGHT, overflowY: 'auto', padding: '4px 11px' }} />
    </div>
  );
}
