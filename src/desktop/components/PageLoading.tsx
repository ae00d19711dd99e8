import { Spin } from 'antd';

export function PageLoading({ full = false }: { full?: boolean }) {
  return (
    <div className={full ? 'tenon-loading tenon-loading-full' : 'tenon-loading'}>
      <Spin />
    </div>
  );
}
