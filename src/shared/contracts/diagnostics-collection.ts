/**
 * The name of the built-in collection of diagnostics recipes (diagnostics.ts). Apart from the
 * recipes so that the saved operations' store can know the name without loading them.
 */
export const DIAGNOSTICS_COLLECTION = 'Diagnostics';
