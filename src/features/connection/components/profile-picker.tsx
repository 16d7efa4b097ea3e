import { useState } from 'react';
import {
  createProfile,
  deleteActiveProfile,
  getProfiles,
  markActiveProfile,
  switchProfile,
  useProfiles,
} from '../profile-store.ts';
import { checkProfileName, exportProfiles, PROFILE_COLOURS } from '../profiles.ts';
import { saveBlob } from '../../../shared/lib/save-blob.ts';

/**
 * Connection profiles: named connections switched in one click. Each keeps its own tokens
 * (never another's), stored only with "Remember", and never in the export.
 */
export function ProfilePicker() {
  const p = useProfiles();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const active = p.profiles.find((x) => x.id === p.activeId);

  function create() {
    const problem = checkProfileName(name, p.profiles);
    if (problem) return setError(problem);
    createProfile(name);
    setNaming(false);
    setName('');
    setError(undefined);
  }

  return (
    <div className="profile-picker" role="group" aria-label="Connection profiles">
      <label className="field">
        <span>Connection profile</span>
        <select value={p.activeId} onChange={(e) => switchProfile(e.target.value)}>
          {p.profiles.map((x) => (
            <option key={x.id} value={x.id}>
              {x.name}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>Colour</span>
        <select
          value={active?.color ?? ''}
          onChange={(e) => markActiveProfile({ color: e.target.value || undefined })}
        >
          <option value="">None</option>
          {Object.entries(PROFILE_COLOURS).map(([name, value]) => (
            <option key={value} value={value}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <label
        className="field checkbox"
        title="The top bar marks it; a mutation asks before it runs"
      >
        <input
          type="checkbox"
          checked={active?.production === true}
          onChange={(e) => markActiveProfile({ production: e.target.checked })}
        />
        <span>Production</span>
      </label>
      {naming ? (
        <>
          <label className="field">
            <span>Profile name</span>
            <input
              autoFocus
              value={name}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'profile-name-error' : undefined}
              placeholder="e.g. Staging"
              onChange={(e) => setName(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  create();
                }
                if (e.key === 'Escape') setNaming(false);
              }}
            />
          </label>
          <button type="button" onClick={create}>
            Create profile
          </button>
          <button type="button" onClick={() => setNaming(false)}>
            Cancel
          </button>
        </>
      ) : (
        <button
          type="button"
          title="A new profile with these settings and no token"
          onClick={() => setNaming(true)}
        >
          New profile
        </button>
      )}
      <button
        type="button"
        disabled={p.profiles.length < 2}
        title="Delete the profile shown (and the tokens kept for it)"
        onClick={deleteActiveProfile}
      >
        Delete profile
      </button>
      <button
        type="button"
        title="Download the profiles as JSON (no tokens)"
        onClick={() =>
          saveBlob(
            new Blob([exportProfiles(getProfiles())], { type: 'application/json' }),
            'connection-profiles.json',
          )
        }
      >
        Export profiles
      </button>
      {error && (
        <p id="profile-name-error" role="alert" className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
