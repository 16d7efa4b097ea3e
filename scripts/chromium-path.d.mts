export function findChromium(): Promise<string | undefined>;
export const CHROMIUM_ARGS: string[];
export const PLAYWRIGHT_DISABLED_FEATURES: string[];
