import type { IconNode } from 'lucide';
import { createElement } from 'react';

/**
 * The app's icons: lucide's (ISC), imported as data from the `lucide` package, so only the
 * icons used are bundled and no icon runtime is (lucide-react's components carry one into the
 * first load). Import icons from here, so the set stays one family in one size
 * and stroke. An icon is always decorative (`aria-hidden`): an icon-only button gets its
 * accessible name from `aria-label`.
 */
export {
  BookOpen,
  Bookmark,
  Copy,
  Ellipsis,
  FileDown,
  History,
  Keyboard,
  ListPlus,
  Merge,
  Pencil,
  Play,
  Plus,
  RotateCcw,
  Save,
  Settings,
  Square,
  Terminal,
  WandSparkles,
  X,
} from 'lucide';
export type { IconNode };

/** One lucide icon as inline SVG, drawn in the text colour. */
export function Icon({ icon, size = 16 }: { icon: IconNode; size?: number }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {icon.map(([tag, attrs], i) => createElement(tag, { key: i, ...attrs }))}
    </svg>
  );
}
