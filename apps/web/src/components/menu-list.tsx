import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronIcon } from './extra-icons.tsx';

export interface MenuItem {
  label: string;
  icon?: ReactNode;
  /** Shown at the end of the row, e.g. the current language. */
  detail?: string;
  to?: string;
  onPress?: () => void;
}

/** A grouped list of rows, each a link or a button with a large tap target. */
export function MenuList({ title, items }: { title?: string; items: MenuItem[] }) {
  return (
    <section className="menu-group" aria-label={title}>
      {title ? <h2 className="menu-heading">{title}</h2> : null}
      <ul className="menu">
        {items.map((item) => {
          const inner = (
            <>
              {item.icon ? <span className="menu-icon">{item.icon}</span> : null}
              <span className="menu-label">{item.label}</span>
              {item.detail ? <span className="menu-detail">{item.detail}</span> : null}
              <ChevronIcon className="menu-chevron" />
            </>
          );
          return (
            <li key={item.label}>
              {item.to ? (
                <Link className="menu-row" to={item.to}>
                  {inner}
                </Link>
              ) : (
                <button type="button" className="menu-row" onClick={item.onPress}>
                  {inner}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
