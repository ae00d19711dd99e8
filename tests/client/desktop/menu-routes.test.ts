// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../../../src/client/api/system.ts';
import { iframePath, routeOf } from '../../../src/client/menu-route.ts';
import {
  findByRoute,
  flattenMenus,
  searchMenus,
  visibleMenus,
  type LabelMatcher,
  type MenuTreeNode,
} from '../../../src/desktop/router/menu-routes.ts';
import { describeRoute } from '../../../src/desktop/router/route-table.ts';
import { matchPinyin } from '../../../src/desktop/layout/top/pinyin-match.ts';
import { menuNode } from '../support/menu-node.ts';

let nextId = 1;
function node(over: Partial<MenuTreeNode> & Pick<MenuNode, 'path' | 'name'>): MenuTreeNode {
  const id = String(nextId++);
  return menuNode<MenuTreeNode>({ id, code: `m${id}`, nameEn: '', ...over });
}

const tree: MenuTreeNode[] = [
  node({ path: '/desk', name: '工作台', nameEn: 'Desk' }),
  node({
    path: '/system',
    name: '系统管理',
    nameEn: 'System',
    children: [
      node({ path: '/system/user', name: '用户管理', nameEn: 'Users' }),
      node({ path: '/system/param', name: '参数管理', nameEn: 'Parameters' }),
      node({ path: '/system/post/', name: '岗位管理', nameEn: 'Posts' }),
      node({ path: '/system/menu', name: '菜单管理', nameEn: 'Menus', meta: { roles: ['auditor'] } }),
    ],
  }),
  node({
    path: '/monitor',
    name: '系统监控',
    nameEn: 'Monitoring',
    children: [
      node({ path: 'http://localhost/swagger-ui.html', name: '接口文档', nameEn: 'API docs', code: 'doc', isOpen: 2 }),
      node({
        path: 'https://grafana.example.com/d/1',
        name: '监控面板',
        nameEn: 'Dashboards',
        code: 'grafana',
        isOpen: 1,
      }),
      node({
        path: 'https://report.example.com/?target=_blank',
        name: '报表',
        nameEn: 'Reports',
        code: 'report',
        isOpen: 1,
      }),
    ],
  }),
];

describe('menu to route mapping', () => {
  const entries = flattenMenus(tree);
  const byName = (name: string) => entries.find((e) => e.name === name)!;

  it('appends /index to a leaf path without children, and only to leaves', () => {
    expect(byName('工作台').routePath).toBe('/desk/index');
    expect(byName('参数管理').routePath).toBe('/system/param/index');
    expect(byName('岗位管理').routePath).toBe('/system/post/index');
    expect(byName('系统管理')).toMatchObject({ routePath: '/system', leaf: false });
    expect(routeOf(node({ path: '/wel/index', name: '首页' })).routePath).toBe('/wel/index');
  });

  it('opens http(s) menus with isOpen 2 or a target query in a new window, the others in the iframe page', () => {
    expect(byName('接口文档')).toMatchObject({ openMode: 'window', url: 'http://localhost/swagger-ui.html' });
    expect(byName('报表')).toMatchObject({ openMode: 'window' });
    expect(byName('监控面板')).toMatchObject({
      openMode: 'iframe',
      routePath: '/myiframe/grafana',
      url: 'https://grafana.example.com/d/1',
    });
    expect(iframePath({ code: 'a b', id: '9' })).toBe('/myiframe/a%20b');
  });

  it('keeps the ancestors of each entry for the side menu', () => {
    expect(byName('参数管理').parentIds).toEqual([byName('系统管理').id]);
  });

  it('finds the leaf of a console path, never a parent or a new-window link', () => {
    expect(findByRoute(entries, '/system/param/index')?.name).toBe('参数管理');
    expect(findByRoute(entries, '/myiframe/grafana')?.name).toBe('监控面板');
    expect(findByRoute(entries, '/system')).toBeUndefined();
    expect(findByRoute(entries, 'http://localhost/swagger-ui.html')).toBeUndefined();
  });

  it('describes console routes and menu routes for the guard', () => {
    const translate = (key: string) => `t:${key}`;
    expect(describeRoute('/login', entries, translate)).toEqual({
      label: 't:shell.route.login',
      meta: { isAuth: false, isTab: false, i18n: 'shell.route.login' },
    });
    expect(describeRoute('/wel/index', entries, translate)?.meta).toEqual({ i18n: 'shell.route.home' });
    expect(describeRoute('/system/param/index', entries, translate)).toEqual({
      label: '参数管理',
      labelEn: 'Parameters',
      meta: {},
    });
    expect(describeRoute('/system/param/index', undefined, translate)).toBeUndefined();
  });

  it('keeps an address asking for the token (${token}) in the console, as it is, whatever its window', () => {
    const designer = 'http://h:8108/ureport/designer?blade-auth=bearer ${token}';
    for (const isOpen of [1, 2]) {
      expect(routeOf(node({ path: designer, name: '报表配置', code: 'report_setting', isOpen }))).toEqual({
        openMode: 'iframe',
        routePath: '/myiframe/report_setting',
        url: designer,
      });
    }
  });

  it('shows items whose roles are empty or include a current role', () => {
    const names = (nodes: MenuTreeNode[]) => flattenMenus(nodes).map((e) => e.name);
    expect(names(visibleMenus(tree, ['administrator']))).not.toContain('菜单管理');
    expect(names(visibleMenus(tree, ['administrator', 'auditor']))).toContain('菜单管理');
    expect(names(visibleMenus(tree, []))).toContain('参数管理');
  });
});

describe('menu search', () => {
  const entries = flattenMenus(tree);
  const names = (text: string, lang: 'zh' | 'en' = 'zh', match?: LabelMatcher) =>
    searchMenus(entries, text, lang, match).map((hit) => hit.entry.name);

  it('finds leaf menus whose name holds the text anywhere, the ones starting with it first', () => {
    expect(names('参')).toEqual(['参数管理']);
    expect(names('管理')).toEqual(['用户管理', '参数管理', '岗位管理', '菜单管理']);
    expect(names('文档')).toEqual(['接口文档']);
    // Desk and Dashboards start with it, API docs holds it (though it comes first in the menus).
    expect(names('d', 'en')).toEqual(['工作台', '监控面板', '接口文档']);
    // Parents route nowhere.
    expect(names('系统')).toEqual([]);
  });

  it('says which characters matched', () => {
    expect(searchMenus(entries, '管理', 'zh')[0]).toMatchObject({ label: '用户管理', matched: [2, 3] });
    expect(searchMenus(entries, 'ram', 'en')[0]).toMatchObject({ label: 'Parameters', matched: [2, 3, 4] });
  });

  it('matches the name of the current language, ignoring case and surrounding blanks', () => {
    expect(names(' pa', 'en')).toEqual(['参数管理']);
    expect(names('USERS', 'en')).toEqual(['用户管理']);
  });

  it('finds a menu by its name in the other language too, after those its shown name matches', () => {
    expect(names('param')).toEqual(['参数管理']);
    expect(searchMenus(entries, 'users', 'zh')[0]).toMatchObject({
      label: '用户管理',
      matched: [],
      also: { label: 'Users', matched: [0, 1, 2, 3, 4] },
    });
    expect(names('参数', 'en')).toEqual(['参数管理']);
    // A menu its shown name already found is listed once, without the other name.
    expect(searchMenus(entries, 'gl', 'zh', matchPinyin).every((hit) => !hit.also)).toBe(true);
  });

  it('lists nothing for an empty text', () => {
    expect(names('')).toEqual([]);
    expect(names('   ')).toEqual([]);
  });

  it('matches pinyin initials, whole syllables and a mix of both with the pinyin matcher', () => {
    expect(names('gl', 'zh', matchPinyin)).toEqual(['用户管理', '参数管理', '岗位管理', '菜单管理']);
    expect(names('guanli', 'zh', matchPinyin)).toEqual(['用户管理', '参数管理', '岗位管理', '菜单管理']);
    expect(names('yhgl', 'zh', matchPinyin)).toEqual(['用户管理']);
    expect(names('canshu', 'zh', matchPinyin)).toEqual(['参数管理']);
    expect(names('jkwd', 'zh', matchPinyin)).toEqual(['接口文档']);
    expect(searchMenus(entries, 'guanl', 'zh', matchPinyin)[0]).toMatchObject({ label: '用户管理', matched: [2, 3] });
    // Consecutive characters only, each from the start of its syllable.
    expect(names('ygl', 'zh', matchPinyin)).toEqual([]);
    expect(names('uanli', 'zh', matchPinyin)).toEqual([]);
    // What is written still matches.
    expect(names('管理', 'zh', matchPinyin)).toHaveLength(4);
  });
});
