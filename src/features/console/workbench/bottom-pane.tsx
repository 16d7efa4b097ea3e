import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { readJson, writeJson } from '../../../shared/lib/storage.ts';
import { Splitter, usePaneSize } from '../../../shared/ui/splitter.tsx';
import { RequestOptions } from './lazy-panels.tsx';
import { OperationPicker } from '../run/operation-picker.tsx';

const TABS = [
  { id: 'variables', label: 'Variables' },
  {
    id: 'headers',
    label: 'Headers',
    title: 'Headers: kept for this browser tab only unless “Remember” is on',
  },
  { id: 'options', label: 'Request options', title: 'Trace and feature flags' },
] as const;
type TabId = (typeof TABS)[number]['id'];

const TAB_KEY = 'layout:bottom-tab';
/**
 * The query editor's share of the column; at the maximum only the tab strip is left below, which
 * is where it starts (GraphiQL's Variables pane starts folded too): the query gets the height.
 */
const TOP = { initial: 100, unfolded: 65, min: 20, max: 100 };

function storedTab(): TabId {
  const id = readJson<unknown>(TAB_KEY, 'variables');
  return TABS.some((t) => t.id === id) ? (id as TabId) : 'variables';
}

interface Props {
  /** The console tab shown (the editors are keyed by it). */
  tabId: string;
  /** The query editor and its toolbar. */
  top: ReactNode;
  variables: ReactNode;
  headers: ReactNode;
  messages: ReactNode;
}

/**
 * The query editor above a pane of tabs, "Variables", "Headers" and "Request options" (GraphiQL's
 * layout), with a splitter between them. All three stay mounted while another tab is shown, so
 * commands (prettify, run) read every editor. Pressing the shown tab again folds the pane to its
 * tab strip, as does the splitter's End key.
 */
export function BottomPane(p: Props) {
  const [tab, setTab] = useState<TabId>(storedTab);
  const [top, setTop, resetTop] = usePaneSize('editor-top', TOP.initial);
  const id = useId();
  const folded = top >= TOP.max;

  function select(next: TabId) {
    if (next === tab) setTop(folded ? TOP.unfolded : TOP.max);
    else {
      setTab(next);
      writeJson(TAB_KEY, next);
      if (folded) setTop(TOP.unfolded);
    }
  }
  function onTabKey(e: KeyboardEvent, index: number) {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = TABS[(index + step + TABS.length) % TABS.length]!;
    setTab(next.id);
    writeJson(TAB_KEY, next.id);
    document.getElementById(`${id}-tab-${next.id}`)?.focus();
  }

  return (
    <div className="editor-stack">
      <div className="editor-top" style={{ flexBasis: `${top}%` }}>
        {p.top}
      </div>
      <Splitter
        label="Resize the query editor"
        orientation="horizontal"
        value={top}
        min={TOP.min}
        max={TOP.max}
        onChange={setTop}
        onReset={resetTop}
      />
      <div className={`bottom-pane${folded ? ' is-folded' : ''}`}>
        <div className="bottom-strip">
          <div role="tablist" aria-label="Request editors" className="strip-tabs">
            {TABS.map((t, i) => (
              <button
                key={t.id}
                type="button"
                role="tab"
                id={`${id}-tab-${t.id}`}
                aria-selected={t.id === tab}
                aria-controls={`${id}-panel-${t.id}`}
                tabIndex={t.id === tab ? 0 : -1}
                title={'title' in t ? t.title : undefined}
                onClick={() => select(t.id)}
                onKeyDown={(e) => onTabKey(e, i)}
              >
                {t.label}
              </button>
            ))}
          </div>
          <OperationPicker />
          <div className="strip-messages">{p.messages}</div>
        </div>
        {TABS.map((t) => (
          <div
            key={t.id}
            role="tabpanel"
            id={`${id}-panel-${t.id}`}
            aria-labelledby={`${id}-tab-${t.id}`}
            className={`bottom-panel bottom-panel-${t.id}`}
            hidden={t.id !== tab || folded}
          >
            {t.id === 'variables'
              ? p.variables
              : t.id === 'headers'
                ? p.headers
                : // Its state is in a store: mounted (and its chunk loaded) once shown.
                  tab === 'options' && !folded && <RequestOptions />}
          </div>
        ))}
      </div>
    </div>
  );
}
