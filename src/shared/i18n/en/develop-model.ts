import type { Resource } from '../resource.ts';
import type { developModel as zh } from '../zh/develop-model.ts';

/** `developModel.*`: data model design (the model list's Design dialog and the table picker of its form). */
export const developModel: Resource<typeof zh> = {
  design: 'Design',
  publish: 'Publish',
  designTitle: 'Model fields: {{name}}',
  load: 'Load from table',
  loadConfirm: "Replace the fields with the table's columns? Unsaved changes are lost.",
  save: 'Save',
  saved: 'Model fields saved',
  empty: 'No fields yet: load them from the table',
  ownDatabase: 'This database',
  tablePlaceholder: 'Pick a table',
  tablesFailed: 'The tables could not be loaded',
  typeNote: 'Unknown type, read as {{note}}',
  dictPlaceholder: 'Pick a dictionary',
  refPlaceholder: 'Pick an entity',
  columns: {
    jdbcName: 'Column',
    jdbcType: 'Column type',
    comment: 'Label',
    commentEn: 'English label',
    propertyName: 'Property',
    fieldType: 'Field type',
    maxLength: 'Length',
    isList: 'List',
    isForm: 'Form',
    isQuery: 'Search',
    isRequired: 'Required',
    isUnique: 'Unique',
    componentType: 'Control',
    dictCode: 'Dictionary',
    queryType: 'Match',
    refEntity: 'References',
  },
};
