/** `resource.*`: the object storage and attachment screens' own words. */
export const resource = {
  enable: '启用',
  enableConfirm: '确定启用该配置?其他配置将被停用',
  enabled: '已启用',
  upload: {
    drop: '点击或拖拽文件到此处上传',
    hint: '支持多个文件',
    done: '{{name}} 上传成功',
  },
  attachments: {
    list: '附件列表',
    none: '无附件',
    remove: '移除 {{name}}',
  },
  download: '下载',
};
