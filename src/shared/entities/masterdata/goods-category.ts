import { defineEntity } from '../define.ts';

const IN_USE = {
  zh: '该分类下存在子分类或物料，不能删除',
  en: 'The category has sub-categories or items and cannot be deleted',
};

/**
 * A goods category (物料分类, domain/masterdata.md): a tree such as 钢材 > 冷轧板 that classifies products and
 * filters stock. Its item type is what a new product in it starts with. Products refuse its deletion with the same
 * words as its children do.
 */
export const goodsCategory = defineEntity({
  name: 'goodscategory',
  service: 'blade-system',
  table: 'erp_goods_category',
  label: { zh: '物料分类', en: 'Goods category' },
  code: 'goodscategory',
  tenant: true,
  audit: true,
  tree: {
    title: 'categoryName',
    parentLabel: { zh: '上级分类', en: 'Parent category' },
    ancestors: true,
    messages: {
      children: IN_USE,
      cycle: { zh: '上级分类不能选择自身或下级', en: 'The parent cannot be the category itself or one below it' },
    },
  },
  fields: {
    categoryCode: {
      type: 'string',
      max: 32,
      unique: true,
      list: true,
      form: true,
      export: true,
      label: { zh: '分类编码', en: 'Category code' },
      required: true,
    },
    categoryName: {
      type: 'string',
      max: 64,
      unique: {
        scope: ['parentId'],
        message: {
          zh: '同一上级分类下已存在该分类名称',
          en: 'The parent category already has a category of this name',
        },
      },
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '分类名称', en: 'Category name' },
      required: true,
    },
    categoryType: {
      type: 'string',
      max: 32,
      bizDict: 'item_type',
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '物料类型', en: 'Item type' },
      required: true,
    },
    sort: { type: 'int', default: 0, list: true, form: true, label: { zh: '排序', en: 'Sort order' } },
    remark: {
      type: 'string',
      max: 255,
      control: 'textarea',
      form: true,
      export: true,
      label: { zh: '备注', en: 'Remarks' },
    },
  },
  defaultSort: [
    ['sort', 'asc'],
    ['categoryCode', 'asc'],
  ],
});

export { IN_USE as GOODS_CATEGORY_IN_USE };
