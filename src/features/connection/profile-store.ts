import { readJson, writeJson } from '../../shared/lib/storage.ts';
import { createStore, useStore } from '../../shared/lib/store.ts';
import {
  dropSecrets,
  getConnection,
  subscribeConnection,
  swapSecrets,
} from './connection-store.ts';
import {
  initialProfiles,
  newProfileId,
  profileSettings,
  sanitizeProfiles,
  type ProfilesState,
} from './profiles.ts';

const KEY = 'connection-profiles';

const profiles = createStore<ProfilesState>(
  () => sanitizeProfiles(readJson<unknown>(KEY, undefined)) ?? initialProfiles(getConnection()),
);
const current = profiles.get;

function set(next: ProfilesState): void {
  writeJson(KEY, next);
  profiles.set(next);
}

/** The active profile follows the connection as the user edits it (no secrets in it). */
function track(): void {
  const s = current();
  const settings = profileSettings(getConnection());
  const active = s.profiles.find((p) => p.id === s.activeId);
  if (
    !active ||
    Object.entries(settings).every(([k, v]) => active[k as keyof typeof settings] === v)
  )
    return;
  set({
    ...s,
    profiles: s.profiles.map((p) => (p.id === s.activeId ? { ...p, ...settings } : p)),
  });
}

if (typeof window !== 'undefined') subscribeConnection(track);

export function getProfiles(): ProfilesState {
  return current();
}

/** Switches to a profile: its settings and its own tokens (none if never entered). */
export function switchProfile(id: string): void {
  const s = current();
  const target = s.profiles.find((p) => p.id === id);
  if (!target || id === s.activeId) return;
  const { id: _id, name: _name, color: _color, production: _production, ...settings } = target;
  // Mark the switch first so that tracking writes the new settings into the new profile.
  set({ ...s, activeId: id });
  swapSecrets(s.activeId, id, settings);
}

/** Creates a profile from the current settings, without tokens, and switches to it. */
export function createProfile(name: string): void {
  const s = current();
  const id = newProfileId();
  set({
    ...s,
    profiles: [...s.profiles, { id, name: name.trim(), ...profileSettings(getConnection()) }],
  });
  switchProfile(id);
}

/** Deletes the active profile (never the last one) and switches to the first other one. */
export function deleteActiveProfile(): void {
  const s = current();
  if (s.profiles.length < 2) return;
  const gone = s.activeId;
  const next = s.profiles.find((p) => p.id !== gone)!;
  switchProfile(next.id);
  const after = current();
  set({ ...after, profiles: after.profiles.filter((p) => p.id !== gone) });
  dropSecrets(gone);
}

/** Sets the active profile's colour or production mark. */
export function markActiveProfile(marks: { color?: string; production?: boolean }): void {
  const s = current();
  set({
    ...s,
    profiles: s.profiles.map((p) => {
      if (p.id !== s.activeId) return p;
      const next = { ...p, ...marks };
      if (!next.color) delete next.color;
      if (!next.production) delete next.production;
      return next;
    }),
  });
}

/** Whether the active profile is marked production (a mutation then asks first). */
export function activeProfileIsProduction(): boolean {
  const s = current();
  return s.profiles.find((p) => p.id === s.activeId)?.production === true;
}

/** The active profile's name (what a run remembers it was sent with). */
export function activeProfileName(): string | undefined {
  const s = current();
  return s.profiles.find((p) => p.id === s.activeId)?.name;
}

export function useProfiles(): ProfilesState {
  return useStore(profiles);
}
