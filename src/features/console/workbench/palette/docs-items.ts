import {
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isUnionType,
  type GraphQLNamedType,
} from 'graphql';
import type { BrowsableSchema } from '../../../schema/index.ts';
import type { DocsRef } from '../../../docs/index.ts';
import type { PaletteItem } from './palette-item.ts';

/** Opens Docs at a type or field (`showInDocs` in workbench/docs-view.ts). */
type Show = (ref: DocsRef) => void;

function kindOf(t: GraphQLNamedType): string {
  if (isObjectType(t)) return 'type';
  if (isInterfaceType(t)) return 'interface';
  if (isUnionType(t)) return 'union';
  if (isEnumType(t)) return 'enum';
  if (isInputObjectType(t)) return 'input';
  return 'scalar';
}

/**
 * Every named type of the schema (the introspection types left out, as Docs do) and every field
 * of its object, interface and input types, as `Type.field` with the field's type as the detail.
 * Running one opens Docs at it. Built from the types Docs browse, once per schema by the caller.
 */
export function docsItems(schema: BrowsableSchema, show: Show): PaletteItem[] {
  const items: PaletteItem[] = [];
  for (const t of Object.values(schema.getTypeMap())) {
    if (t.name.startsWith('__')) continue;
    items.push({
      id: `docs:${t.name}`,
      kind: 'docs',
      title: t.name,
      detail: kindOf(t),
      run: () => show({ type: t.name }),
    });
    if (!isObjectType(t) && !isInterfaceType(t) && !isInputObjectType(t)) continue;
    for (const f of Object.values(t.getFields())) {
      items.push({
        id: `docs:${t.name}.${f.name}`,
        kind: 'docs',
        title: `${t.name}.${f.name}`,
        detail: String(f.type),
        run: () => show({ type: t.name, field: f.name }),
      });
    }
  }
  return items;
}
