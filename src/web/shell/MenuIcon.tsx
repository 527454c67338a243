import { AppstoreOutlined } from '@ant-design/icons';
import { MENU_ICONS } from '../../../generated/menu-icons.ts';

/** An icon the menus name (generated/menu-icons.ts holds exactly those); an unknown name shows the default one. */
export function MenuIcon({ name }: { name?: string }) {
  const Icon = (name && MENU_ICONS[name]) || AppstoreOutlined;
  return <Icon />;
}
