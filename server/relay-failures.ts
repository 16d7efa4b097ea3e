/**
 * The relay's words for an upstream that failed before its answer started (relay.ts): what
 * went wrong, in terms the user can act on, with the error's code for searching. The errors
 * are undici's (upstream-agents.ts) or the system's (connect, TLS).
 */

const REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused (is it running, and is the port right?)',
  ENOTFOUND: 'host not found (check the URL)',
  EAI_AGAIN: 'host name lookup failed (DNS); try again',
  ECONNRESET: 'the connection was reset',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'the connection timed out',
  EPROTO: 'TLS handshake failed (is it really https?)',
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed and not trusted',
  SELF_SIGNED_CERT_IN_CHAIN: 'its TLS certificate chain is self-signed and not trusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate cannot be verified',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its TLS certificate is for another host name',
};

/** A short human reason for a connection error, with the system code for searching. */
function reason(err: NodeJS.ErrnoException): string {
  const code = err.code ?? '';
  const text = REASONS[code];
  if (text) return `${text} [${code}]`;
  return code ? `${err.message} [${code}]` : err.message;
}

/**
 * undici's parser errors say `Response does not match the HTTP/1.1 protocol (<llhttp's
 * reason>)` and carry no code (undici 7 looks the code up by number in a table keyed by name).
 */
const PARSER_REASON = /^Response does not match the HTTP\/1\.1 protocol \((.*)\)$/;
/** llhttp's reason when the first bytes are not a status line. */
const NOT_HTTP = /^Expected HTTP\//;

/** What went wrong before the upstream's response started, in words the user can act on. */
export function upstreamFailure(origin: string, err: NodeJS.ErrnoException): string {
  const code = err.code ?? '';
  if (code === 'UND_ERR_HEADERS_OVERFLOW')
    return `${origin} answered, but its response headers are too large (over 16 KB) [${code}].`;
  if (err.name === 'HTTPParserError') {
    const parserReason = PARSER_REASON.exec(err.message)?.[1] ?? err.message;
    const tag = code || 'HTTPParserError';
    if (NOT_HTTP.test(parserReason))
      return `${origin} did not answer with HTTP/1.x: is the port right, and is it http:// or https://? [${tag}]`;
    return `${origin} sent a malformed HTTP response (${parserReason}) [${tag}].`;
  }
  // undici adds up repeated Content-Length values and reports the sum's mismatch.
  if (code === 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH')
    return `${origin} sent a malformed HTTP response: conflicting Content-Length or Transfer-Encoding headers [${code}].`;
  if (code === 'UND_ERR_SOCKET') {
    if (err.message === 'bad upgrade')
      return `${origin} answered 101 Switching Protocols: it wants to switch protocols, which the relay does not do.`;
    // undici's only 'bad response' that reaches a request: a 100 it did not ask for.
    if (err.message === 'bad response')
      return `${origin} answered 100 Continue to a request that did not ask for it (the relay sends no Expect header), and the relay cannot read on past it [${code}].`;
    return `${origin} closed the connection without answering [${code}].`;
  }
  return `Could not reach ${origin}: ${reason(err)}.`;
}
