/**
 * The app's icons, all from lucide (tree-shaken: only these are bundled). Import them from here,
 * so the set stays one family in one size and stroke; an icon-only button gets its accessible
 * name from `aria-label`, never from the icon (which is `aria-hidden`).
 */
export {
  BookOpen,
  Bookmark,
  Copy,
  Ellipsis,
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
  type LucideIcon,
} from 'lucide-react';
