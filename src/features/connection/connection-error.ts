/** A problem with the connection settings the user can fix (message says how). */
export class ConnectionError extends Error {}
