import { createContext, useContext } from 'react';
import type { BrowsableSchema } from '../../schema/index.ts';
import type { DocsLocation } from '../lib/locations.ts';

/** What the Docs pages need from the panel. */
export interface DocsContextValue {
  /** The schema's types (complete or still being built: schema-build.ts in the schema feature). */
  schema: BrowsableSchema;
  showDeprecated: boolean;
  go(loc: DocsLocation): void;
  /** Adds `type.field` to the query editor (undefined when no editor is attached). */
  addField?: (type: string, field: string) => void;
}

export const DocsContext = createContext<DocsContextValue | null>(null);

/** The Docs context; only used inside the panel. */
export function useDocs(): DocsContextValue {
  const v = useContext(DocsContext);
  if (!v) throw new Error('useDocs outside DocsPanel');
  return v;
}
