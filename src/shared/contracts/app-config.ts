/**
 * What the console's server tells the app at start (server/app-routes.ts): served at
 * `GET /config.json` and inlined into the app's page as a JSON data block, so that the app knows
 * the default instance without a round trip (src/features/connection/server-defaults.ts).
 */
export interface AppConfigJson {
  base_url: string | null;
  analytics_url: string | null;
  sandbox: boolean;
  relay: boolean;
}

/** Id of the `<script type="application/json">` element holding the `AppConfigJson`. */
export const APP_CONFIG_ELEMENT_ID = 'app-config';

/**
 * JSON that is safe inside an HTML `<script>` element: `<` (so no `</script>` or `<!--`), `>`,
 * `&`, U+2028 and U+2029 are escaped as `\uXXXX`; `JSON.parse` reads it back unchanged.
 */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
