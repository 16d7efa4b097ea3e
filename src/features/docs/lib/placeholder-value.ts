import {
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isRequiredInputField,
  type GraphQLInputType,
} from 'graphql';

/** A placeholder value of an input type, for the Variables editor. */
export function placeholderValue(type: GraphQLInputType, depth = 0): unknown {
  if (isNonNullType(type)) return placeholderValue(type.ofType, depth);
  if (isListType(type)) return [];
  if (isEnumType(type)) return type.getValues()[0]?.value ?? '';
  if (isInputObjectType(type)) {
    const out: Record<string, unknown> = {};
    if (depth >= 3) return out;
    for (const f of Object.values(type.getFields()))
      if (isRequiredInputField(f)) out[f.name] = placeholderValue(f.type, depth + 1);
    return out;
  }
  switch (type.name) {
    case 'Int':
    case 'Float':
      return 0;
    case 'Boolean':
      return false;
    default:
      return '';
  }
}
