import { bom } from './bom.ts';
import { common } from './common.ts';
import { crud } from './crud.ts';
import { desk } from './desk.ts';
import { developModel } from './develop-model.ts';
import { finance } from './finance.ts';
import { flow } from './flow.ts';
import { governance } from './governance.ts';
import { log } from './log.ts';
import { mobile } from './mobile.ts';
import { online } from './online.ts';
import { report } from './report.ts';
import { shell } from './shell.ts';
import { resource } from './resource.ts';
import { totp } from './totp.ts';
import { warehouse } from './warehouse.ts';

export const zh = {
  common,
  shell,
  mobile,
  crud,
  flow,
  bom,
  warehouse,
  finance,
  log,
  governance,
  online,
  report,
  resource,
  desk,
  totp,
  developModel,
};
