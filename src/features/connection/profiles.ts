/**
 * Connection profiles: named connections (instance URL, auth scheme, sudo user, transport,
 * analytics URL) switched in one click. A profile holds no token: tokens are kept per profile by
 * the connection store (`swapSecrets`) under the "Remember" rule, and never exported. Pure.
 */
import type { ConnectionSettings } from './connection-store.ts';
import { sanitizePublic } from './stored-connection.ts';

export interface ConnectionProfile {
  id: string;
  name: string;
  baseUrl: string;
  analyticsUrl: string;
  scheme: ConnectionSettings['scheme'];
  sudoUser: string;
  transport: ConnectionSettings['transport'];
  /** A colour the chip shows, to tell profiles apart at a glance (a CSS colour). */
  color?: string;
  /** A production instance: the chip says so at all times and a mutation asks first. */
  production?: boolean;
}

export interface ProfilesState {
  profiles: ConnectionProfile[];
  activeId: string;
}

export type ProfileSettings = Omit<ConnectionProfile, 'id' | 'name' | 'color' | 'production'>;

/** The part of a connection a profile keeps: never a token. */
export function profileSettings(s: ConnectionSettings): ProfileSettings {
  return {
    baseUrl: s.baseUrl,
    analyticsUrl: s.analyticsUrl,
    scheme: s.scheme,
    sudoUser: s.sudoUser,
    transport: s.transport,
  };
}

export function newProfileId(): string {
  return `p${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A first state: one profile, "Default", holding the current connection. */
export function initialProfiles(s: ConnectionSettings): ProfilesState {
  return {
    profiles: [{ id: 'default', name: 'Default', ...profileSettings(s) }],
    activeId: 'default',
  };
}

/** Names are trimmed, 1–60 characters, unique (case-insensitive); returns a message or undefined. */
export function checkProfileName(
  name: string,
  profiles: readonly ConnectionProfile[],
): string | undefined {
  const n = name.trim();
  if (!n) return 'Give the profile a name, e.g. "Staging".';
  if (n.length > 60) return 'A profile name has at most 60 characters.';
  if (profiles.some((p) => p.name.toLowerCase() === n.toLowerCase()))
    return `There is already a profile named "${n}": choose another name.`;
  return undefined;
}

/** Reads stored profiles; invalid entries are dropped; undefined when nothing usable is there. */
export function sanitizeProfiles(raw: unknown): ProfilesState | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const r = raw as { profiles?: unknown; activeId?: unknown };
  if (!Array.isArray(r.profiles)) return undefined;
  const profiles: ConnectionProfile[] = [];
  const ids = new Set<string>();
  for (const p of r.profiles as unknown[]) {
    if (!p || typeof p !== 'object') continue;
    const o = p as Record<string, unknown>;
    if (typeof o.id !== 'string' || typeof o.name !== 'string' || !o.name.trim() || ids.has(o.id))
      continue;
    const pub = sanitizePublic(o);
    ids.add(o.id);
    profiles.push({
      id: o.id,
      name: o.name.trim().slice(0, 60),
      baseUrl: pub.baseUrl ?? '',
      analyticsUrl: pub.analyticsUrl ?? '',
      scheme: pub.scheme ?? 'token',
      sudoUser: pub.sudoUser ?? '',
      transport: pub.transport ?? 'relay',
      ...profileMarks(o),
    });
  }
  const [first] = profiles;
  if (!first) return undefined;
  const activeId = typeof r.activeId === 'string' && ids.has(r.activeId) ? r.activeId : first.id;
  return { profiles, activeId };
}

/** The colours a profile can carry (the chip's dot and edge), by name. */
export const PROFILE_COLOURS: Readonly<Record<string, string>> = {
  Blue: '#0969da',
  Green: '#1a7f37',
  Orange: '#bc4c00',
  Red: '#cf222e',
  Purple: '#8250df',
};

/** A profile's colour and production mark, from stored or imported data (anything else dropped). */
function profileMarks(o: Record<string, unknown>): Pick<ConnectionProfile, 'color' | 'production'> {
  const colours = Object.values(PROFILE_COLOURS);
  return {
    ...(typeof o.color === 'string' && colours.includes(o.color) ? { color: o.color } : {}),
    ...(o.production === true ? { production: true } : {}),
  };
}

/** The profiles as a JSON file to share: names and settings, never tokens. */
export function exportProfiles(state: ProfilesState): string {
  const profiles = state.profiles.map((p) => ({
    name: p.name,
    baseUrl: p.baseUrl,
    analyticsUrl: p.analyticsUrl,
    scheme: p.scheme,
    sudoUser: p.sudoUser,
    transport: p.transport,
    ...profileMarks(p as unknown as Record<string, unknown>),
  }));
  return `${JSON.stringify({ version: 1, profiles }, null, 2)}\n`;
}
