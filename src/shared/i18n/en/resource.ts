/** `resource.*`: the object storage and attachment screens' own words. */
export const resource = {
  enable: 'Enable',
  enableConfirm: 'Enable this config? The others will be disabled',
  enabled: 'Enabled',
  upload: {
    drop: 'Click or drag files here to upload',
    hint: 'Several files at once',
    done: '{{name}} uploaded',
  },
  attachments: {
    list: 'Attachments',
    none: 'No attachments',
    remove: 'Remove {{name}}',
  },
  download: 'Download',
};
