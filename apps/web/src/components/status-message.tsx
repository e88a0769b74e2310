import type { ReactNode } from 'react';

/** An empty, signed-out or failed state: what happened, and what the borrower can do about it. */
export function StatusMessage({
  icon,
  title,
  message,
  children,
  role,
}: {
  icon?: ReactNode;
  title: string;
  message?: string;
  children?: ReactNode;
  role?: 'alert';
}) {
  return (
    <div className="status-message" role={role}>
      {icon ? <div className="status-icon">{icon}</div> : null}
      <h2 className="status-title">{title}</h2>
      {message ? <p className="status-text">{message}</p> : null}
      {children ? <div className="status-actions">{children}</div> : null}
    </div>
  );
}
