/**
 * The console's GraphQL document tools, one chunk with graphql-js: the operations of a document,
 * its cost estimate, prettify, merge, the checks before a run, the request an export copies and
 * the instance's refusal over its cost limits. The first screen needs none
 * of them, so they load right after it (graphql-tools-loader.ts), out of the first load's bytes.
 */
export { estimateQueryCost } from '../../../shared/contracts/cost-estimate.ts';
export { checkCostLimits } from '../../../shared/contracts/cost-limits.ts';
export { readCostRefusal, withRefusal } from '../../../shared/contracts/cost-refusal.ts';
export { buildExportRequest } from '../copy-as/export-request.ts';
export { prepareRun } from './prepare-run.ts';
export { mergeFragments } from '../editor/merge-fragments.ts';
export { listOperations, operationAt } from './operations.ts';
export { prettifyQuery } from '../editor/prettify.ts';
