import { useEffect, useRef } from 'react';
import { App, Button, Divider, Space, Tooltip } from 'antd';
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
import { uploadObject } from '../../client/api/files.ts';
import { dataImages, dropForeignImages, imageFiles, imageName } from './rich-text-images.ts';

interface Props {
  value?: string;
  onChange?: (html: string) => void;
  disabled?: boolean;
  /** Asks for a link's address; a test or another screen may answer differently. */
  ask?: (label: string, current?: string) => string | null;
}

/** The object store's lasting link of an uploaded image (client/api/files.ts). */
const uploadImage = async (file: Blob, name?: string) => (await uploadObject(file, name ?? imageName(file))).link;

const HEADINGS = [1, 2, 3] as const;
const WEB_ADDRESS = /^(https?:\/\/|mailto:)/i;

/**
 * A rich-text field (TipTap): bold, italic, underline, strike, headings, lists, links, images, undo/redo. Pasted
 * formatting stays as far as the editor's schema knows it; the server keeps what its allow-list allows. Images go
 * through the object store: picked with the image button, dropped, or pasted (files, or `data:` images inside pasted
 * HTML), each uploaded and inserted by its link, never kept inline.
 */
export function RichTextEditor({ value, onChange, disabled, ask = (label, current) => prompt(label, current) }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const picker = useRef<HTMLInputElement>(null);
  // Uploads the images, then inserts them where the caret is then (or at `at`, a drop's position).
  const insertImages = async (files: readonly Blob[], at?: number) => {
    for (const file of files) {
      const src = await uploadImage(file, file instanceof File ? file.name : undefined);
      const image = { type: 'image', attrs: { src } };
      if (at === undefined) editor.chain().focus().insertContent(image).run();
      else editor.chain().focus().insertContentAt(at, image).run();
    }
  };
  // Pasted HTML with images: inline ones uploaded and inserted by their links; another site's said and left out.
  const pasteHtml = async (html: string) => {
    const page = new DOMParser().parseFromString(html, 'text/html');
    const dropped = dropForeignImages(page);
    if (dropped) void message.warning(t('desk.richText.foreignImages', { count: dropped }));
    for (const { element, blob } of dataImages(page)) element.setAttribute('src', await uploadImage(blob));
    editor.chain().focus().insertContent(page.body.innerHTML).run();
  };
  const editor = useEditor({
    editorProps: {
      handlePaste: (_view, event) => {
        const html = event.clipboardData?.getData('text/html') ?? '';
        const files = imageFiles(event.clipboardData?.files);
        if (/<img[\s>]/i.test(html)) void pasteHtml(html);
        else if (files.length && !html) void insertImages(files);
        else return false;
        return true;
      },
      handleDrop: (view, event, _slice, moved) => {
        const files = imageFiles(event.dataTransfer?.files);
        if (moved || !files.length) return false;
        void insertImages(files, view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos);
        return true;
      },
    },
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
  const picked = (event: React.ChangeEvent<HTMLInputElement>) => {
    const files = imageFiles(event.target.files);
    event.target.value = '';
    void insertImages(files);
  };

  return (
    <div className={disabled ? 'tenon-rich-text is-disabled' : 'tenon-rich-text'}>
      {!disabled && <Toolbar editor={editor} onLink={link} onImage={() => picker.current?.click()} />}
      <input
        ref={picker}
        type="file"
        accept="image/*"
        multiple
        hidden
        aria-label={t('desk.richText.image')}
        onChange={picked}
      />
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
