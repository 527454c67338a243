import type { MenuProps } from 'antd';
import type { MenuItemDoc } from '../../shared/menu-filter.ts';
import { MenuIcon } from './MenuIcon.tsx';

type AntItem = Required<MenuProps>['items'][number];

/** antd menu items from filtered menu documents: links keyed by their route, actions by 'acao:<id>'. */
export function toAntItems(items: MenuItemDoc[], withIcons = true): AntItem[] {
  return items.map((i): AntItem => {
    const icon = withIcons ? <MenuIcon name={i.icon} /> : undefined;
    // The full title shows (it wraps, see shell.css) and is also the hover text.
    const label = <span title={i.title}>{i.title}</span>;
    // A group's title stays plain text: antd wraps only a text title in its title element.
    if (i.children) return { key: i.key, label: i.title, icon, children: toAntItems(i.children, withIcons) };
    return { key: i.link ? `/${i.link}` : `acao:${i.action ?? i.key}`, label, icon, 'data-menu-key': i.key } as AntItem;
  });
}

/** The menu key whose route is the longest prefix of the current path (a form selects its list). */
export function selectedRoute(items: MenuItemDoc[], pathname: string): string | undefined {
  let best: string | undefined;
  const walk = (list: MenuItemDoc[]) => {
    for (const i of list) {
      if (i.link) {
        const r = `/${i.link}`;
        if ((pathname === r || pathname.startsWith(`${r}/`)) && (!best || r.length > best.length)) best = r;
      }
      if (i.children) walk(i.children);
    }
  };
  walk(items);
  return best;
}
