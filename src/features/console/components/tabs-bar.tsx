import { useRef, useState, type KeyboardEvent } from 'react';
import { tabTitle, type ConsoleTab } from '../state/tabs.ts';

interface Props {
  tabs: ConsoleTab[];
  activeId: string;
  runningTabId?: string;
  /** How many closed tabs can be reopened. */
  closedCount?: number;
  onSelect(id: string): void;
  onAdd(): void;
  onClose(id: string): void;
  onReopen?(): void;
  onRename(id: string, title: string): void;
}

/**
 * Tabs: select (arrow keys move between tabs), add, close, reopen the last closed
 * (Shift-Ctrl-T, as Altair), rename (double-click or F2).
 */
export function TabsBar({
  tabs,
  activeId,
  runningTabId,
  closedCount = 0,
  onSelect,
  onAdd,
  onClose,
  onReopen,
  onRename,
}: Props) {
  const [editing, setEditing] = useState<string>();
  const listRef = useRef<HTMLDivElement>(null);

  function focusTab(id: string) {
    onSelect(id);
    requestAnimationFrame(() =>
      listRef.current?.querySelector<HTMLElement>(`[data-tab-id="${id}"]`)?.focus(),
    );
  }

  function handleKey(e: KeyboardEvent, tab: ConsoleTab, index: number) {
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      const next = tabs[(index + (e.key === 'ArrowRight' ? 1 : -1) + tabs.length) % tabs.length];
      if (next) focusTab(next.id);
      e.preventDefault();
    } else if (e.key === 'F2') {
      setEditing(tab.id);
      e.preventDefault();
    } else if (e.key === 'Delete') {
      onClose(tab.id);
    }
  }

  return (
    <div className="tabs-bar">
      <div role="tablist" aria-label="Query tabs" ref={listRef} className="tabs-list">
        {tabs.map((tab, i) => {
          const title = tabTitle(tab);
          const selected = tab.id === activeId;
          return (
            <div key={tab.id} role="presentation" className={`tab ${selected ? 'is-active' : ''}`}>
              {editing === tab.id ? (
                <input
                  className="tab-rename"
                  aria-label="Tab name"
                  autoFocus
                  defaultValue={tab.title || title}
                  onBlur={(e) => {
                    onRename(tab.id, e.target.value);
                    setEditing(undefined);
                  }}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') e.currentTarget.blur();
                    if (e.key === 'Escape') setEditing(undefined);
                  }}
                />
              ) : (
                <button
                  type="button"
                  role="tab"
                  data-tab-id={tab.id}
                  aria-selected={selected}
                  tabIndex={selected ? 0 : -1}
                  title="Double-click or F2 to rename, Delete to close (Shift-Ctrl-T reopens)"
                  onClick={() => onSelect(tab.id)}
                  onDoubleClick={() => setEditing(tab.id)}
                  onKeyDown={(e) => handleKey(e, tab, i)}
                >
                  {title}
                  {runningTabId === tab.id && (
                    <span className="tab-running" aria-label="running">
                      {' '}
                      ●
                    </span>
                  )}
                </button>
              )}
              {/* Mouse shortcut; keyboard and screen-reader users have Delete and "Close tab". */}
              <button
                type="button"
                className="tab-close"
                aria-hidden="true"
                tabIndex={-1}
                title={`Close tab ${title}`}
                onClick={() => onClose(tab.id)}
              >
                ×
              </button>
            </div>
          );
        })}
      </div>
      <button
        type="button"
        className="tab-add"
        aria-label="New tab"
        title="New tab"
        onClick={onAdd}
      >
        +
      </button>
      <button
        type="button"
        className="tab-rename-button"
        onClick={() => setEditing(activeId)}
        title="Rename the current tab (F2)"
      >
        Rename tab
      </button>
      <button
        type="button"
        className="tab-rename-button"
        onClick={() => onClose(activeId)}
        title="Close the current tab (Delete on a tab)"
      >
        Close tab
      </button>
      {onReopen && closedCount > 0 && (
        <button
          type="button"
          className="tab-rename-button"
          onClick={onReopen}
          title="Reopen the last closed tab (Shift-Ctrl-T)"
        >
          Reopen closed tab
        </button>
      )}
    </div>
  );
}
