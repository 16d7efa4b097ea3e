import { useRef, type KeyboardEvent } from 'react';
import type { CommandTarget } from '../commands/command-table.ts';
import { tabTitle, type ConsoleTab } from '../state/tabs.ts';
import { CommandButtons } from './command-button.tsx';

interface Props {
  tabs: ConsoleTab[];
  activeId: string;
  runningTabId?: string;
  /** The tab whose name is being edited (the `rename-tab` command or F2/double-click on it). */
  editing?: string;
  onEditingChange(id: string | undefined): void;
  /** What the tab bar's command buttons (New tab, Rename tab, Close tab, Reopen closed tab) act on. */
  commands: CommandTarget;
  onSelect(id: string): void;
  onClose(id: string): void;
  onRename(id: string, title: string): void;
}

/**
 * Tabs: select (arrow keys move between tabs), rename (double-click or F2), close (Delete or ×);
 * then the command table's `tabs` buttons: New tab, Rename tab, Close tab, Reopen closed tab
 * (Shift-Ctrl-T, as Altair).
 */
export function TabsBar({
  tabs,
  activeId,
  runningTabId,
  editing,
  onEditingChange: setEditing,
  commands,
  onSelect,
  onClose,
  onRename,
}: Props) {
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
      <CommandButtons group="tabs" target={commands} />
    </div>
  );
}
