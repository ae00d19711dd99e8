import type { ReactNode } from 'react';
import List from 'antd-mobile/es/components/list'; // not the index: on the login page's way (MobileApp)

/**
 * A labelled input row with its validation message. The phone's few forms validate by hand: antd-mobile's Form
 * (rc-field-form + async-validator) would add ~47 KB to the bundle a phone loads before its login form.
 */
export function Field({
  label,
  error,
  extra,
  children,
}: {
  label: string;
  error?: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <List.Item
      className="m-field"
      prefix={<span className="m-field-label">{label}</span>}
      extra={extra}
      description={
        error ? (
          <span className="m-field-error" role="alert">
            {error}
          </span>
        ) : undefined
      }
    >
      {children}
    </List.Item>
  );
}
