import type { ReactNode } from 'react';

/** A list's whole-page state (empty, not available, failed, offline): an icon, a title and a line of text. */
export function StateView({
  icon,
  title,
  description,
  children,
}: {
  icon: ReactNode;
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  return (
    <div className="m-state" role="status">
      <div className="m-state-icon">{icon}</div>
      <div className="m-state-title">{title}</div>
      {description && <div className="m-state-description">{description}</div>}
      {children}
    </div>
  );
}
