import { addDays } from '../../../../shared/calendar/working-days.ts';
import { formatDateTime } from '../../../../shared/contract/time.ts';
import { device } from '../../../../shared/entities/production/device.ts';
import { mold } from '../../../../shared/entities/production/mold.ts';
import { stationGroup } from '../../../../shared/entities/production/station-group.ts';
import type { Db } from '../../../db/connect.ts';
import { demoAudit } from '../../system/demo/figures.ts';
import { computedValues } from '../../../platform/entity/derived.ts';
import { nextId } from '../../../platform/ids.ts';

/**
 * The demo shop floor of tenant 000000: the stamping, welding and assembly lines of the two demo companies (1010
 * 常州, 1020 苏州) led by the demo employees, their station groups with hour rates, stations along each line, the
 * presses, robots and gauges on them (a few overdue for maintenance), the dies and fixtures of demo parts (one near
 * the end of its life, one customer-owned) and about sixty operators. Keyed by codes: a second run adds nothing.
 */

const TENANT = '000000';

/** Table rows written as `a|b|c` (one line each), split into their `width` cells. */
function rows(width: number, ...lines: string[]): string[][] {
  return lines.map((line) => {
    const cells = line.split('|');
    if (cells.length !== width) throw new Error(`demo row of ${cells.length} cells, not ${width}: ${line}`);
    return cells;
  });
}

/** code | name | company | workshop | line type | takt (s) | capacity (pcs/h) | shifts | leader's employee no. */
const LINES = rows(
  9,
  'CZ-ST-A|冲压A线|1010|1|1|6.00|600|2|E1003',
  'CZ-ST-B|冲压B线|1010|1|2|9.00|400|2|E1003',
  'CZ-WD-1|前门总成焊装线|1010|2|1|60.00|60|2|E1005',
  'CZ-WD-2|侧围焊装线|1010|2|2|72.00|50|2|E1005',
  'CZ-AS-1|总装线|1010|7|3|90.00|40|1|E1006',
  'SZ-ST-A|冲压A线|1020|1|1|7.50|480|2|E2003',
  'SZ-WD-1|焊装线|1020|2|1|65.00|55|3|E2003',
  'SZ-AS-1|总装线|1020|7|3|95.00|38|1|E2002',
);

/** code suffix, name, workshop, station type, labour rate, machine rate (CNY/h); one set per company. */
const GROUPS: ReadonlyArray<
  readonly [code: string, name: string, workshop: string, type: string, labor: string, machine: string]
> = [
  ['PRESS', '冲压工位组', '1', '1', '45.00', '128.00'],
  ['SPOT', '点焊工位组', '2', '1', '52.00', '86.50'],
  ['ARC', '弧焊工位组', '2', '1', '55.00', '62.00'],
  ['ASM', '装配工位组', '7', '2', '48.00', '18.00'],
  ['INSP', '终检工位组', '7', '3', '50.00', '35.00'],
  ['PACK', '包装工位组', '7', '4', '38.00', '6.00'],
];

/** The stations of each kind of line: operation, name, group suffix, station type, standard time (s), staffing. */
const STATIONS: Readonly<
  Record<
    string,
    ReadonlyArray<readonly [op: string, name: string, group: string, type: string, time: string, staff: number]>
  >
> = {
  '1': [
    ['OP10', '落料', 'PRESS', '1', '6.00', 1],
    ['OP20', '拉延', 'PRESS', '1', '6.00', 1],
    ['OP30', '修边冲孔', 'PRESS', '1', '6.00', 1],
    ['OP40', '翻边整形', 'PRESS', '1', '6.00', 1],
    ['OP50', '检验装箱', 'INSP', '3', '12.00', 2],
  ],
  '2': [
    ['OP10', '上件定位', 'SPOT', '2', '45.00', 2],
    ['OP20', '机器人点焊1', 'SPOT', '1', '55.00', 0],
    ['OP30', '机器人点焊2', 'SPOT', '1', '55.00', 0],
    ['OP40', '弧焊补焊', 'ARC', '1', '50.00', 1],
    ['OP50', '涂胶', 'ASM', '2', '40.00', 1],
    ['OP60', '在线检测', 'INSP', '3', '30.00', 1],
    ['OP70', '返修', 'ARC', '5', '60.00', 1],
  ],
  '7': [
    ['OP10', '分装', 'ASM', '2', '80.00', 3],
    ['OP20', '总成装配', 'ASM', '2', '85.00', 4],
    ['OP30', '拧紧', 'ASM', '2', '60.00', 2],
    ['OP40', '终检', 'INSP', '3', '70.00', 2],
    ['OP50', '包装', 'PACK', '4', '45.00', 2],
  ],
};

/**
 * code | name | type | model | manufacturer | company | line code ('' none) | station operation ('' none) |
 * commissioned | cycle (days) | days since the last maintenance | status | responsible employee no.
 * Overdue while the days since pass the cycle (unless out of service or scrapped).
 */
const DEVICES = rows(
  13,
  'EQ-CZ-P001|闭式四点压力机|1|E4W-1000|小松(常州)锻压机械|1010|CZ-ST-A|OP10|2016-06-18|90|35|1|E1003',
  'EQ-CZ-P002|闭式双点压力机|1|JH25-800|扬力集团|1010|CZ-ST-A|OP20|2016-06-18|90|120|1|E1003',
  'EQ-CZ-P003|闭式双点压力机|1|JH25-630|扬力集团|1010|CZ-ST-A|OP30|2017-03-02|90|60|1|E1003',
  'EQ-CZ-P004|闭式单点压力机|1|JH31-400|扬力集团|1010|CZ-ST-A|OP40|2017-03-02|90|10|2|E1003',
  'EQ-CZ-P005|开式固定台压力机|1|JH21-250|扬锻|1010|CZ-ST-B|OP10|2018-09-12|60|75|1|E1003',
  'EQ-CZ-P006|开式固定台压力机|1|JH21-160|扬锻|1010|CZ-ST-B|OP20|2018-09-12|60|20|4|E1003',
  'EQ-CZ-R001|点焊机器人|6|R-2000iC/210F|上海发那科机器人|1010|CZ-WD-1|OP20|2019-11-05|180|90|1|E1005',
  'EQ-CZ-R002|点焊机器人|6|R-2000iC/210F|上海发那科机器人|1010|CZ-WD-1|OP30|2019-11-05|180|200|1|E1005',
  'EQ-CZ-W001|中频逆变点焊机|2|DM-200|小原(南京)机电|1010|CZ-WD-1|OP10|2019-11-05|90|30|1|E1005',
  'EQ-CZ-W002|CO2气体保护焊机|2|NB-500|唐山松下|1010|CZ-WD-2|OP40|2020-04-20|60|45|3|E1005',
  'EQ-CZ-R003|弧焊机器人|6|KR 8 R2100|库卡机器人(上海)|1010|CZ-WD-2|OP40|2020-04-20|180|30|1|E1005',
  'EQ-CZ-T001|电动拧紧机|10|QST 42-50|阿特拉斯·科普柯|1010|CZ-AS-1|OP30|2021-08-01|30|12|1|E1006',
  'EQ-CZ-M001|三坐标测量机|7|Global S 9.15.8|海克斯康测量|1010|||2018-01-15|365|300|1|E1003',
  'EQ-CZ-F001|电动叉车|8|CPD30|杭叉集团|1010|||2015-05-10|90|400|5|',
  'EQ-SZ-P001|闭式四点压力机|1|E4W-800|小松(常州)锻压机械|1020|SZ-ST-A|OP10|2019-02-25|90|95|1|E2003',
  'EQ-SZ-P002|闭式双点压力机|1|JH25-500|扬力集团|1020|SZ-ST-A|OP20|2019-02-25|90|40|1|E2003',
  'EQ-SZ-R001|点焊机器人|6|MH225|安川首钢机器人|1020|SZ-WD-1|OP20|2020-10-10|180|50|1|E2003',
  'EQ-SZ-W001|悬挂式点焊机|2|DN3-160|上海东升焊接|1020|SZ-WD-1|OP10|2020-10-10|90|15|1|E2003',
  'EQ-SZ-M001|蓝光三维扫描仪|7|ATOS Q|蔡司|1020|SZ-AS-1|OP40|2022-06-30|180|20|1|E2002',
  'EQ-SZ-X001|空气压缩机|9|GA90|阿特拉斯·科普柯|1020|||2014-03-01|30|900|6|',
);

/**
 * code | name | type | part no. | ownership (1 own, 2 customer, 3 supplier) | customer code | supplier code |
 * device code | cavities | design life ('' none) | strokes used | storage | status. One near the end of its life
 * (MD-5G001L-30), customer-owned FAW-VW dies and gauge, a scrapped die at its end.
 */
const MOLDS = rows(
  13,
  'MD-5G001L-10|左A柱内板落料模|1|SF-5G0-01L-W1-1|2|C-FAW-VW|S-MOLD|EQ-CZ-P001|1|800000|312000|模具库A-01|1',
  'MD-5G001L-20|左A柱内板拉延模|1|SF-5G0-01L-W1-1|2|C-FAW-VW|S-MOLD|EQ-CZ-P002|1|800000|312000|模具库A-02|1',
  'MD-5G001L-30|左A柱内板修边冲孔模|1|SF-5G0-01L-W1-1|1||S-MOLD|EQ-CZ-P003|1|500000|472000|模具库A-03|1',
  'MD-5G001R-10|右A柱内板落料模|1|SF-5G0-01R-W1-1|1||S-MOLD|EQ-CZ-P001|1|800000|298500|模具库A-04|2',
  'MD-840102L-10|左B柱加强板级进模|1|SF-8401-02L-W1-2|1||S-MOLD|EQ-SZ-P001|2|1000000|215000|模具库S-01|1',
  'MD-SA203L-10|左门槛梁冲压模|1|SF-SA2-03L-W1-1|3||S-MOLD|EQ-CZ-P005|1|600000|96000|模具库B-01|2',
  'FX-5G001L-W1|左A柱焊接夹具|4|SF-5G0-01L-W1|1||S-MOLD|EQ-CZ-W001|1||0|焊装车间线边|1',
  'FX-840102L-W1|左B柱焊接夹具|4|SF-8401-02L-W1|1||S-MOLD|EQ-SZ-W001|1||0|焊装车间线边|1',
  'GA-5G001L|左A柱内板总成检具|5|FG-5G0-01L|2|C-FAW-VW|S-MOLD||1||0|质检室|2',
  'MD-6410-06-OLD|前围板拉延模(旧)|1|SF-6410-06-W1-1|1||S-MOLD||1|400000|400000|模具库C-09|5',
);

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '周', '吴', '徐', '孙', '马', '朱', '胡', '郭'];
const GIVEN = [
  '建军',
  '海燕',
  '志刚',
  '小龙',
  '文杰',
  '丽娜',
  '永强',
  '春梅',
  '国华',
  '晓东',
  '明辉',
  '秀英',
  '宏伟',
  '俊杰',
];

/** Operators per line (company and workshop from the line); the first of each is its team leader. */
const CREW: Readonly<Record<string, number>> = {
  'CZ-ST-A': 8,
  'CZ-ST-B': 6,
  'CZ-WD-1': 9,
  'CZ-WD-2': 7,
  'CZ-AS-1': 8,
  'SZ-ST-A': 7,
  'SZ-WD-1': 8,
  'SZ-AS-1': 7,
};

/** Shop-floor posts the workers hold, added to the platform tenant's posts when missing. */
const POSTS: ReadonlyArray<readonly [code: string, name: string]> = [
  ['operator', '操作工'],
  ['teamlead', '班组长'],
  ['inspector', '检验员'],
];

export async function seedShopfloorDemo(db: Db): Promise<string[]> {
  const today = formatDateTime().slice(0, 10);
  const live = { tenant: TENANT, deleted: 0 } as const;
  const byCode = (rows: Array<{ id: string; code: string }>) => new Map(rows.map((r) => [r.code, String(r.id)]));
  const employees = byCode(
    await db
      .selectFrom('erp_employee')
      .select(['id', 'employee_no as code'])
      .where('tenant_id', '=', live.tenant)
      .where('is_deleted', '=', live.deleted)
      .execute(),
  );
  const customers = byCode(
    await db
      .selectFrom('erp_customer')
      .select(['id', 'customer_code as code'])
      .where('tenant_id', '=', live.tenant)
      .where('is_deleted', '=', live.deleted)
      .execute(),
  );
  const suppliers = byCode(
    await db
      .selectFrom('erp_supplier')
      .select(['id', 'supplier_code as code'])
      .where('tenant_id', '=', live.tenant)
      .where('is_deleted', '=', live.deleted)
      .execute(),
  );

  const lines = await db
    .insertInto('erp_line')
    .values(
      LINES.map(([code, name, org, workshop, type, takt, cap, shifts, leader]) => ({
        id: nextId(),
        tenant_id: TENANT,
        line_code: code,
        line_name: name,
        org_id: org,
        workshop_type: workshop,
        line_type: type,
        takt_time: takt,
        design_capacity: cap,
        shifts_per_day: Number(shifts),
        leader_id: employees.get(leader) ?? null,
        ...demoAudit(),
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute();
  const lineRows = await db
    .selectFrom('erp_line')
    .select(['id', 'line_code', 'org_id', 'workshop_type'])
    .where('tenant_id', '=', TENANT)
    .where('is_deleted', '=', 0)
    .execute();
  const lineOf = new Map(lineRows.map((row) => [row.line_code, row]));

  const groupRows = ['1010', '1020'].flatMap((org) =>
    GROUPS.map(([code, name, workshop, type, labor, machine]) => {
      const row = {
        id: nextId(),
        tenant_id: TENANT,
        group_code: `${org === '1010' ? 'CZ' : 'SZ'}-${code}`,
        group_name: name,
        org_id: org,
        workshop_type: workshop,
        station_type: type,
        labor_rate: labor,
        machine_rate: machine,
        description: '',
        ...demoAudit(),
      };
      return { ...row, hour_rate: String(computedValues(stationGroup, row).hour_rate) };
    }),
  );
  const groups = await db
    .insertInto('erp_station_group')
    .values(groupRows)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute();
  const groupOf = new Map(
    (
      await db
        .selectFrom('erp_station_group')
        .select(['id', 'group_code'])
        .where('tenant_id', '=', TENANT)
        .where('is_deleted', '=', 0)
        .execute()
    ).map((row) => [row.group_code, String(row.id)]),
  );

  // Stations of the demo lines only (a tenant's own lines keep their own), with the line's company and workshop.
  const stationRows = LINES.flatMap(([code]) => {
    const lineRow = lineOf.get(code);
    if (!lineRow) return [];
    const prefix = code.slice(0, 2);
    return (STATIONS[lineRow.workshop_type] ?? []).map(([op, name, group, type, time, staff], i) => ({
      id: nextId(),
      tenant_id: TENANT,
      station_code: `${code}-${op}`,
      station_name: name,
      line_id: String(lineRow.id),
      group_id: groupOf.get(`${prefix}-${group}`) ?? null,
      operation_no: op,
      operation_name: name,
      station_type: type,
      sequence: i + 1,
      standard_time: time,
      headcount: staff,
      remark: '',
      org_id: lineRow.org_id,
      workshop_type: lineRow.workshop_type,
      ...demoAudit(),
    }));
  });
  const stations = await db
    .insertInto('erp_station')
    .values(stationRows)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute();
  const stationOf = new Map(
    (
      await db
        .selectFrom('erp_station')
        .select(['id', 'station_code'])
        .where('tenant_id', '=', TENANT)
        .where('is_deleted', '=', 0)
        .execute()
    ).map((row) => [row.station_code, String(row.id)]),
  );

  const deviceRows = DEVICES.map(
    ([code, name, type, model, maker, org, lineCode, op, commissioned, cycle, since, status, responsible], i) => {
      const row = {
        id: nextId(),
        tenant_id: TENANT,
        device_code: code,
        device_name: name,
        device_type: type,
        model,
        manufacturer: maker,
        serial_no: `SN${commissioned.slice(0, 4)}${String(1000 + i * 37)}`,
        org_id: org,
        line_id: lineCode ? (lineOf.get(lineCode)?.id ?? null) : null,
        station_id: lineCode && op ? (stationOf.get(`${lineCode}-${op}`) ?? null) : null,
        asset_code: `FA-${org}-${String(i + 1).padStart(4, '0')}`,
        commission_date: commissioned,
        maintain_cycle_days: Number(cycle),
        last_maintain_date: addDays(today, -Number(since)),
        device_status: status,
        responsible_id: responsible ? (employees.get(responsible) ?? null) : null,
        remark: '',
        ...demoAudit(),
      };
      return { ...row, next_maintain_date: computedValues(device, row).next_maintain_date as string | null };
    },
  );
  const devices = await db
    .insertInto('erp_device')
    .values(deviceRows)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute();
  const deviceOf = new Map(
    (
      await db
        .selectFrom('erp_device')
        .select(['id', 'device_code'])
        .where('tenant_id', '=', TENANT)
        .where('is_deleted', '=', 0)
        .execute()
    ).map((row) => [row.device_code, String(row.id)]),
  );

  const parts = new Map(
    (
      await db
        .selectFrom('erp_product')
        .select(['id', 'product_no', 'product_name'])
        .where('tenant_id', '=', TENANT)
        .where('is_deleted', '=', 0)
        .where(
          'product_no',
          'in',
          MOLDS.map(([, , , part]) => part),
        )
        .execute()
    ).map((row) => [row.product_no, row]),
  );
  const moldRows = MOLDS.flatMap(
    ([code, name, type, partNo, ownership, customer, supplier, deviceCode, cavities, life, used, storage, status]) => {
      const part = parts.get(partNo);
      // A part the tenant no longer has (deleted, renumbered): its tooling is left out.
      if (!part) return [];
      const row = {
        id: nextId(),
        tenant_id: TENANT,
        mold_code: code,
        mold_name: name,
        mold_type: type,
        product_id: String(part.id),
        product_no: part.product_no,
        product_name: part.product_name,
        cavity_count: Number(cavities),
        ownership,
        customer_id: customer ? (customers.get(customer) ?? null) : null,
        supplier_id: supplier ? (suppliers.get(supplier) ?? null) : null,
        device_id: deviceCode ? (deviceOf.get(deviceCode) ?? null) : null,
        design_life: life === '' ? null : Number(life),
        used_count: Number(used),
        storage_location: storage,
        mold_status: status,
        remark: '',
        ...demoAudit(),
      };
      const derived = computedValues(mold, row);
      return [
        { ...row, remaining_life: derived.remaining_life as number | null, life_warning: Number(derived.life_warning) },
      ];
    },
  );
  const molds = moldRows.length
    ? await db
        .insertInto('erp_mold')
        .values(moldRows)
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .execute()
    : [];

  const postOf = new Map<string, string>();
  for (const [code, name] of POSTS) {
    const found = await db
      .selectFrom('blade_post')
      .select('id')
      .where('tenant_id', '=', TENANT)
      .where('post_code', '=', code)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    const id = found ? String(found.id) : nextId();
    if (!found)
      await db
        .insertInto('blade_post')
        .values({
          id,
          tenant_id: TENANT,
          category: 3,
          post_code: code,
          post_name: name,
          sort: 10,
          remark: name,
          ...demoAudit(),
        })
        .execute();
    postOf.set(code, id);
  }

  let n = 0;
  const workerRows = Object.entries(CREW).flatMap(([lineCode, size]) => {
    const lineRow = lineOf.get(lineCode);
    if (!lineRow) return [];
    return Array.from({ length: size }, (_, i) => {
      n++;
      const leaving = n % 23 === 0;
      const entry = `${2012 + (n % 12)}-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + ((n * 7) % 28)).padStart(2, '0')}`;
      return {
        id: nextId(),
        tenant_id: TENANT,
        worker_no: `W${lineRow.org_id}${String(n).padStart(3, '0')}`,
        worker_name: `${SURNAMES[(n * 5) % SURNAMES.length]}${GIVEN[(n * 3) % GIVEN.length]}`,
        sex: n % 4 === 0 ? 2 : 1,
        org_id: lineRow.org_id,
        workshop_type: lineRow.workshop_type,
        line_id: String(lineRow.id),
        post_id: postOf.get(i === 0 ? 'teamlead' : i === size - 1 ? 'inspector' : 'operator') ?? null,
        skill_level: String(1 + ((n + i) % 5)),
        employment_type: n % 9 === 0 ? '3' : n % 13 === 0 ? '2' : '1',
        phone: `137${String(61000000 + n * 1301).padStart(8, '0')}`,
        entry_date: entry,
        leave_date: leaving ? addDays(entry, 700) : null,
        worker_status: leaving ? '2' : '1',
        ...demoAudit(),
      };
    });
  });
  const workers = await db
    .insertInto('erp_worker')
    .values(workerRows)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute();

  return [
    `${lines.length} lines`,
    `${groups.length} station groups`,
    `${stations.length} stations`,
    `${devices.length} devices`,
    `${molds.length} moulds`,
    `${workers.length} workers`,
  ];
}
