import { useEffect } from 'react';
import { Button, Divider, Space, Tooltip } from 'antd';
import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { useTranslation } from 'react-i18next';

interface Props {
  value?: string;
  onChange?: (html: string) => void;
  disabled?: boolean;
  /** Asks for an address (a link's, an image's); a test or another screen may answer differently. */
  ask?: (label: string, current?: string) => string | null;
}

const HEADINGS = [1, 2, 3] as const;
const WEB_ADDRESS = /^(https?:\/\/|mailto:)/i;

/**
 * A rich-text field (TipTap): bold, italic, underline, strike, headings, lists, links, images by address, undo/redo.
 * Pasted formatting stays as far as the editor's schema knows it; the server keeps what its allow-list allows.
 */
export function RichTextEditor({ value, onChange, disabled, ask = (label, current) => prompt(label, current) }: Props) {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
      }),
      Image,
    ],
    content: value ?? '',
    editable: !disabled,
    onUpdate: ({ editor: changed }) => onChange?.(changed.isEmpty ? '' : changed.getHTML()),
  });
  useEffect(() => {
    editor.setEditable(!disabled);
  }, [editor, disabled]);
  // A value set from outside (the form's reset) replaces the content; the editor's own changes come back equal.
  useEffect(() => {
    const next = value ?? '';
    if (next !== (editor.isEmpty ? '' : editor.getHTML())) editor.commands.setContent(next, { emitUpdate: false });
  }, [editor, value]);

  const link = () => {
    const href = ask(t('desk.richText.linkAddress'), editor.getAttributes('link').href as string | undefined);
    if (href === null) return;
    const chain = editor.chain().focus().extendMarkRange('link');
    if (!href.trim()) chain.unsetLink().run();
    else if (WEB_ADDRESS.test(href.trim())) chain.setLink({ href: href.trim() }).run();
  };
  const image = () => {
    const src = ask(t('desk.richText.imageAddress'))?.trim();
    if (src && /^https?:\/\//i.test(src)) editor.chain().focus().setImage({ src }).run();
  };

  return (
    <div className={disabled ? 'tenon-rich-text is-disabled' : 'tenon-rich-text'}>
      {!disabled && <Toolbar editor={editor} onLink={link} onImage={image} />}
      <EditorContent editor={editor} className="tenon-rich-text-body" />
    </div>
  );
}

function Toolbar({ editor, onLink, onImage }: { editor: Editor; onLink: () => void; onImage: () => void }) {
  const { t } = useTranslation();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
      heading: HEADINGS.find((level) => e.isActive('heading', { level })),
      undo: e.can().undo(),
      redo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const tool = (name: string, icon: React.ReactNode, active: boolean, run: () => void, enabled = true) => (
    <Tooltip title={t(`desk.richText.${name}`)} key={name}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        icon={icon}
        aria-label={t(`desk.richText.${name}`)}
        aria-pressed={active}
        disabled={!enabled}
        onMouseDown={(event) => event.preventDefault()}
        onClick={run}
      />
    </Tooltip>
  );
  return (
    <Space className="tenon-rich-text-toolbar" size={2} wrap role="toolbar">
      {tool('bold', <BoldOutlined />, state.bold, () => chain().toggleBold().run())}
      {tool('italic', <ItalicOutlined />, state.italic, () => chain().toggleItalic().run())}
      {tool('underline', <UnderlineOutlined />, state.underline, () => chain().toggleUnderline().run())}
      {tool('strike', <StrikethroughOutlined />, state.strike, () => chain().toggleStrike().run())}
      <Divider orientation="vertical" />
      {HEADINGS.map((level) => (
        <Button
          key={level}
          size="small"
          type={state.heading === level ? 'primary' : 'text'}
          aria-label={t('desk.richText.heading', { level })}
          aria-pressed={state.heading === level}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => chain().toggleHeading({ level }).run()}
        >
          H{level}
        </Button>
      ))}
      <Divider orientation="vertical" />
      {tool('bulletList', <UnorderedListOutlined />, state.bullet, () => chain().toggleBulletList().run())}
      {tool('orderedList', <OrderedListOutlined />, state.ordered, () => chain().toggleOrderedList().run())}
      {tool('link', <LinkOutlined />, state.link, onLink)}
      {tool('image', <PictureOutlined />, false, onImage)}
      <Divider orientation="vertical" />
      {tool('undo', <UndoOutlined />, false, () => chain().undo().run(), state.undo)}
      {tool('redo', <RedoOutlined />, false, () => chain().redo().run(), state.redo)}
    </Space>
  );
}
