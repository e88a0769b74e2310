import './search-sheet.css';
import { useState } from 'react';
import { CheckIcon } from './icons.tsx';
import { Sheet } from './sheet.tsx';

export interface SearchItem {
  value: string;
  label: string;
  /** More text the search matches (a bank's code). */
  keywords?: string;
}

/** Lower case, accents off: "las pinas" finds Las Piñas, "parañaque" and "paranaque" find each other. */
function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase();
}

/** Every word of the search appears in the text, in any order, whatever the accents. */
export function matchesSearch(text: string, search: string): boolean {
  const haystack = folded(text);
  return folded(search)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/**
 * A long list to choose one from, on a bottom sheet with a search box over it: banks and e-wallets,
 * provinces and cities.
 */
export function SearchSheet({
  open,
  title,
  items,
  chosen,
  onChoose,
  onClose,
  searchLabel,
  emptyText,
}: {
  open: boolean;
  title: string;
  items: readonly SearchItem[];
  chosen: string | undefined;
  onChoose: (value: string) => void;
  onClose: () => void;
  searchLabel: string;
  emptyText: string;
}) {
  const [search, setSearch] = useState('');
  const found = items.filter((item) => matchesSearch(`${item.label} ${item.keywords ?? ''}`, search));
  const close = () => {
    setSearch('');
    onClose();
  };

  return (
    <Sheet open={open} onClose={close} title={title}>
      <div className="search-sheet">
        <input
          type="search"
          className="search-sheet-input"
          placeholder={searchLabel}
          aria-label={searchLabel}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          enterKeyHint="search"
          autoComplete="off"
        />
        {found.length === 0 ? (
          <p className="search-sheet-empty">{emptyText}</p>
        ) : (
          <ul className="search-sheet-list">
            {found.map((item) => (
              <li key={item.value}>
                <button
                  type="button"
                  className="search-sheet-option"
                  aria-pressed={item.value === chosen}
                  onClick={() => {
                    onChoose(item.value);
                    close();
                  }}
                >
                  <span>{item.label}</span>
                  {item.value === chosen ? <CheckIcon /> : null}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Sheet>
  );
}
