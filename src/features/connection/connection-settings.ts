/** The shapes of a connection's settings: plain types, usable from the page and from workers. */
export type AuthScheme = 'token' | 'bearer' | 'sudo';
export type TransportMode = 'relay' | 'direct';

/** OAuth details when the scheme is "OAuth bearer" and the user pasted a token response. */
export interface OAuthState {
  refreshToken?: string;
  clientId?: string;
  /** Epoch milliseconds at which the access token expires. */
  expiresAt?: number;
  /**
   * Normalised Instance URL the token response was entered for: refresh data is used only with
   * that instance and dropped when the Instance URL changes ('' = entered before any URL).
   */
  baseUrl?: string;
}

/** Where to connect and with what. Tokens are secrets: see `persist`. */
export interface ConnectionSettings {
  baseUrl: string;
  analyticsUrl: string;
  scheme: AuthScheme;
  token: string;
  sudoUser: string;
  analyticsToken: string;
  transport: TransportMode;
  /** Opt-in: keep tokens in this browser's localStorage. Off by default. */
  remember: boolean;
  oauth: OAuthState;
}
