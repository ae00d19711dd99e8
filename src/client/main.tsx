import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

/** Placeholder until the console shell lands: shows that the server answers and which tenant this host maps to. */
function ServerStatus() {
  const [status, setStatus] = useState<'checking' | 'up' | 'down'>('checking');
  const [tenant, setTenant] = useState('');
  useEffect(() => {
    fetch(`/api/blade-system/tenant/info?domain=${encodeURIComponent(location.origin)}`)
      .then((res) => res.json())
      .then((body: { data?: { tenantName?: string } }) => {
        setTenant(body.data?.tenantName ?? '');
        setStatus('up');
      })
      .catch(() => setStatus('down'));
  }, []);
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 560, margin: '15vh auto', padding: 24 }}>
      <h1 style={{ color: '#409EFF' }}>ERP 系统</h1>
      <p>Tenon · {status === 'checking' ? '正在连接服务器…' : status === 'up' ? `服务器运行中${tenant ? ` · ${tenant}` : ''}` : '无法连接服务器'}</p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<StrictMode><ServerStatus /></StrictMode>);
