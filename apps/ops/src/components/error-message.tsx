import { useEffect, useRef } from 'react';

/** An error read out when it appears (role=alert) and given focus so a keyboard user lands on it. */
export function ErrorMessage({ error }: { error: string | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) ref.current?.focus();
  }, [error]);
  if (!error) return null;
  return (
    <div ref={ref} className="error" role="alert" tabIndex={-1}>
      {error}
    </div>
  );
}
