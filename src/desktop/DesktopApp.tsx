import type { ScreenClass } from '../client/config.ts';

export default function DesktopApp({ screen }: { screen: ScreenClass }) {
  return <main data-screen={screen}>ERP 系统</main>;
}
