import { defineEntity } from '../define.ts';

/** `message_status`: unread, read (spec §3: status 0 unread). */
export const MESSAGE_STATUS = { unread: 0, read: 1 } as const;

/**
 * `message_category`: a plain notification, a workflow's (its task or request: platform/workflow/flow-store.ts), a
 * notice's (`businessId` the notice, opened in the notice reader).
 */
export const MESSAGE_CATEGORY = { plain: 1, flow: 2, notice: 3 } as const;

/** A notification to one user, shown in the top-bar drawer and on the phone's messages tab. */
export const message = defineEntity({
  name: 'message',
  service: 'blade-system',
  table: 'blade_message',
  label: { zh: '消息', en: 'Message' },
  code: 'message',
  tenant: true,
  audit: true,
  owner: 'userId',
  fields: {
    userId: { type: 'id', label: { zh: '接收人', en: 'Recipient' } },
    // The message screen's text search: its title or its content.
    title: {
      type: 'string',
      max: 255,
      list: true,
      form: true,
      filter: true,
      alsoMatches: ['content'],
      label: { zh: '标题', en: 'Title' },
    },
    content: {
      type: 'text',
      max: 4000,
      list: true,
      form: true,
      label: { zh: '内容', en: 'Content' },
      required: { zh: '请输入消息内容', en: 'Please enter the message content' },
    },
    category: {
      type: 'int',
      default: MESSAGE_CATEGORY.plain,
      dict: 'message_category',
      list: true,
      filter: true,
      label: { zh: '类型', en: 'Category' },
    },
    status: {
      type: 'int',
      default: MESSAGE_STATUS.unread,
      dict: 'message_status',
      search: 'equal',
      list: true,
      filter: true,
      label: { zh: '状态', en: 'Status' },
    },
    // What a workflow message is about (set by the server): a click opens the task, else the process's record.
    taskId: { type: 'id', nullable: true, readonly: true, label: { zh: '任务', en: 'Task' } },
    processInstanceId: {
      type: 'id',
      nullable: true,
      readonly: true,
      label: { zh: '流程实例', en: 'Process instance' },
    },
    businessTable: { type: 'string', max: 128, readonly: true, label: { zh: '业务表', en: 'Business table' } },
    businessId: { type: 'id', nullable: true, readonly: true, label: { zh: '业务记录', en: 'Business record' } },
  },
  defaultSort: [
    ['createTime', 'desc'],
    ['id', 'desc'],
  ],
});
