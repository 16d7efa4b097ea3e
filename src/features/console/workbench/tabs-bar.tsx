import { useEffect, useRef, type KeyboardEvent } from 'react';
import { commandForKey, type CommandTarget } from '../commands/command-table.ts';
import { useTabLabels } from '../tabs/use-console-store.ts';
import { useEditDeferred } from '../editor/use-edit-deferred.ts';
import type { TabLabel } from '../tabs/tab-labels.ts';
import { commandsWithButtons } from '../commands/command-table.ts';
import { CommandButton, CommandButtons } from '../commands/command-button.tsx';
import { MenuButton } from '../../../shared/ui/menu-button.tsx';
import { Ellipsis, Icon } from '../../../shared/ui/icons.tsx';

const TAB_ACTIONS = commandsWithButtons('tab-actions');

interface Props {
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
 * Tabs: select (click), rename (double-click), close (×); on a focused tab, the command table's
 * `tab-list` keys (arrows, F2, Delete) act on that tab, and the focus then follows the selected
 * tab so that the keys go on working. Then the table's `tabs` button (New tab) and its
 * `tab-actions` in a menu: Rename tab, Close tab, Reopen closed tab (Shift-Ctrl-T, as Altair). The labels follow the tabs store
 * themselves: a keystroke re-renders the bar only when it changes a tab's title.
 */
const sameTabs = (a: readonly TabLabel[], b: readonly TabLabel[]) =>
  a.length === b.length && a.every((t, i) => t.id === b[i]?.id);

export function TabsBar({
  activeId,
  runningTabId,
  editing,
  onEditingChange: setEditing,
  commands,
  onSelect,
  onClose,
  onRename,
}: Props) {
  // A title that typing changed is shown in a render of its own, after the keystroke's task
  // (e2e editor-start.spec.ts); tabs opened, closed or moved are shown at once.
  const tabs = useEditDeferred(useTabLabels(), sameTabs);
  const listRef = useRef<HTMLDivElement>(null);

  // After a key on a tab the focus follows the selection, so the keys go on working: once the
  // tab selected instead of `leaving` is rendered (the tabs store answers in a render of its own).
  const focusAfter = useRef<{ leaving?: string; renamed?: string }>({});
  useEffect(() => {
    const { leaving } = focusAfter.current;
    if (leaving === undefined || leaving === activeId) return;
    focusAfter.current = {};
    listRef.current?.querySelector<HTMLElement>(`[data-tab-id="${activeId}"]`)?.focus();
  }, [activeId]);
  // A name edited from the keyboard gives the focus back to its tab.
  useEffect(() => {
    const { renamed } = focusAfter.current;
    if (editing !== undefined || renamed === undefined) return;
    focusAfter.current = {};
    listRef.current?.querySelector<HTMLElement>(`[data-tab-id="${renamed}"]`)?.focus();
  }, [editing]);

  /** What a `tab-list` command acts on: the tab that has the focus. */
  function focusedTabTarget(index: number, tab: TabLabel): CommandTarget {
    return {
      ...commands,
      renameTab: () => setEditing(tab.id),
      closeTab: () => onClose(tab.id),
      cycleTab: (step) => {
        const next = tabs[(index + step + tabs.length) % tabs.length];
        if (next) onSelect(next.id);
      },
    };
  }

  function handleKey(e: KeyboardEvent, tab: TabLabel, index: number) {
    const command = commandForKey(e.nativeEvent, 'tab-list');
    if (!command) return;
    e.preventDefault();
    // Renaming focuses its field; otherwise the tab selected next takes the focus.
    if (command.id !== 'rename-tab' && tab.id === activeId && tabs.length > 1)
      focusAfter.current = { leaving: tab.id };
    command.run(focusedTabTarget(index, tab));
  }

  return (
    <div className="tabs-bar">
      <div role="tablist" aria-label="Query tabs" ref={listRef} className="tabs-list">
        {tabs.map((tab, i) => {
          const title = tab.label;
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
                    if (e.key !== 'Enter' && e.key !== 'Escape') return;
                    if (e.key === 'Enter') e.currentTarget.blur();
                    else setEditing(undefined);
                    // Ended from the keyboard: the focus goes back to the tab.
                    focusAfter.current = { renamed: tab.id };
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
      <CommandButtons group="tabs" target={commands} icon />
      <MenuButton
        label="Tab actions"
        title="Rename, close or reopen a tab"
        className="icon-button"
        items={(close) =>
          TAB_ACTIONS.map((c) => (
            <CommandButton key={c.id} command={c} target={commands} menuItem={{ onDone: close }} />
          ))
        }
      >
        <Icon icon={Ellipsis} />
      </MenuButton>
    </div>
  );
}
