import Spin from 'antd/es/spin'; // not antd's index: this is on the login page's way (DesktopApp)

export function PageLoading({ full = false }: { full?: boolean }) {
  return (
    <div className={full ? 'tenon-loading tenon-loading-full' : 'tenon-loading'}>
      <Spin />
    </div>
  );
}
