import type { BusinessDictionary } from '../../platform/module.ts';

/**
 * The production module's business dictionaries (dict-biz, domain/README.md §4.2), seeded for every tenant: key,
 * zh label (`dictValue`) and English label (remark `en:`). Tenants may edit them: seeding only adds missing items.
 */
export const PRODUCTION_DICTIONARIES: readonly BusinessDictionary[] = [
  [
    'workshop_type',
    '车间类型',
    [
      ['1', '冲压车间', 'Stamping'],
      ['2', '焊装车间', 'Welding'],
      ['3', '涂装车间', 'Painting'],
      ['4', '注塑车间', 'Injection moulding'],
      ['5', '压铸车间', 'Die casting'],
      ['6', '机加车间', 'Machining'],
      ['7', '总装车间', 'Assembly'],
      ['8', '质检中心', 'Quality inspection'],
    ],
  ],
  [
    'skill_level',
    '技能等级',
    [
      ['1', '初级工', 'Junior'],
      ['2', '中级工', 'Intermediate'],
      ['3', '高级工', 'Senior'],
      ['4', '技师', 'Technician'],
      ['5', '高级技师', 'Senior technician'],
    ],
  ],
  [
    'line_type',
    '产线类型',
    [
      ['1', '自动线', 'Automatic'],
      ['2', '半自动线', 'Semi-automatic'],
      ['3', '手工线', 'Manual'],
    ],
  ],
  [
    'station_type',
    '工位类型',
    [
      ['1', '加工', 'Processing'],
      ['2', '装配', 'Assembly'],
      ['3', '检验', 'Inspection'],
      ['4', '包装', 'Packing'],
      ['5', '返修', 'Rework'],
    ],
  ],
  [
    'device_type',
    '设备类型',
    [
      ['1', '冲压设备', 'Press'],
      ['2', '焊接设备', 'Welding equipment'],
      ['3', '注塑机', 'Injection moulding machine'],
      ['4', '压铸机', 'Die-casting machine'],
      ['5', '数控机床', 'CNC machine'],
      ['6', '工业机器人', 'Industrial robot'],
      ['7', '检测设备', 'Inspection equipment'],
      ['8', '物流设备', 'Material handling'],
      ['9', '动力设备', 'Utilities'],
      ['10', '其他', 'Other'],
    ],
  ],
  [
    'device_status',
    '设备状态',
    [
      ['1', '运行', 'Running'],
      ['2', '待机', 'Idle'],
      ['3', '维修', 'Under repair'],
      ['4', '保养', 'Under maintenance'],
      ['5', '停用', 'Out of service'],
      ['6', '报废', 'Scrapped'],
    ],
  ],
  [
    'mold_type',
    '模具类型',
    [
      ['1', '冲压模', 'Stamping die'],
      ['2', '注塑模', 'Injection mould'],
      ['3', '压铸模', 'Die-casting die'],
      ['4', '焊装夹具', 'Welding fixture'],
      ['5', '检具', 'Checking fixture'],
      ['6', '其他工装', 'Other tooling'],
    ],
  ],
  [
    'mold_status',
    '模具状态',
    [
      ['1', '在用', 'In use'],
      ['2', '在库', 'In storage'],
      ['3', '维修中', 'Under repair'],
      ['4', '封存', 'Sealed'],
      ['5', '报废', 'Scrapped'],
    ],
  ],
  [
    'mold_ownership',
    '模具归属',
    [
      ['1', '自有', 'Company-owned'],
      ['2', '客户资产', 'Customer-owned'],
      ['3', '供应商资产', 'Supplier-owned'],
    ],
  ],
  [
    'bom_source',
    '物料来源',
    [
      ['1', '自制', 'Make'],
      ['2', '外购', 'Buy'],
      ['3', '客供', 'Customer-supplied'],
      ['4', '委外', 'Subcontract'],
    ],
  ],
  [
    'npi_stage',
    '新品导入阶段',
    [
      ['1', '报价', 'Quotation'],
      ['2', '定点', 'Nomination'],
      ['3', '设计开发', 'Design & development'],
      ['4', '样件', 'Prototype'],
      ['5', 'PPAP', 'PPAP'],
      ['6', '试生产', 'Pilot run'],
      ['7', '量产', 'SOP'],
    ],
  ],
  [
    'npi_status',
    '新品导入状态',
    [
      ['1', '进行中', 'In progress'],
      ['2', '已量产', 'Launched'],
      ['3', '暂停', 'On hold'],
      ['4', '取消', 'Cancelled'],
    ],
  ],
  [
    'task_status',
    '任务状态',
    [
      ['0', '未开始', 'Not started'],
      ['1', '进行中', 'In progress'],
      ['2', '已完成', 'Completed'],
      ['3', '已取消', 'Cancelled'],
    ],
  ],
  [
    'task_priority',
    '任务优先级',
    [
      ['1', '低', 'Low'],
      ['2', '中', 'Medium'],
      ['3', '高', 'High'],
      ['4', '紧急', 'Urgent'],
    ],
  ],
  [
    'plan_status',
    '计划状态',
    [
      ['0', '草稿', 'Draft'],
      ['1', '已下达', 'Released'],
      ['2', '已关闭', 'Closed'],
    ],
  ],
];
