import { useDeferredValue, useMemo } from 'react';
import type { OperationSummary } from '../lib/operations.ts';
import { useGraphqlTools, type GraphqlTools } from '../lib/graphql-tools-loader.ts';
import { useActiveTabField } from './use-console-store.ts';

const NONE: readonly OperationSummary[] = [];

/** The last document's operations: the picker, the Export hint and the editor column ask alike. */
let last:
  { tools: GraphqlTools; query: string; operations: readonly OperationSummary[] } | undefined;

function operationsOf(tools: GraphqlTools, query: string): readonly OperationSummary[] {
  if (last?.tools !== tools || last.query !== query)
    last = { tools, query, operations: tools.listOperations(query) };
  return last.operations;
}

/** The operations of `query` once the GraphQL tools are in (none before). */
export function useOperations(query: string): readonly OperationSummary[] {
  const tools = useGraphqlTools();
  return useMemo(() => (tools ? operationsOf(tools, query) : NONE), [tools, query]);
}

/**
 * The active tab's operations, following its text after the keystroke's frame (a deferred copy
 * of the text: the subscriber's urgent render reuses the previous list).
 */
export function useActiveOperations(): readonly OperationSummary[] {
  return useOperations(useDeferredValue(useActiveTabField('query')));
}
