import { useEffect, useState } from 'react';
import { onConnectionSaveFailure } from '../../connection/index.ts';

/**
 * Says, visibly, when saving failed (storage full or disabled): the console's own message
 * (`saveError` from the store), or the connection settings' failure.
 */
export function SaveAlert({ saveError }: { saveError?: string }) {
  const [connectionError, setConnectionError] = useState<string>();
  useEffect(
    () =>
      onConnectionSaveFailure((what) =>
        setConnectionError(
          `Could not save ${what}: the browser refused to store them (storage full or disabled). They stay in effect in this tab until it closes.`,
        ),
      ),
    [],
  );
  if (!saveError && !connectionError) return null;
  return (
    <div role="alert" className="save-alert status-error">
      {saveError && <p>{saveError}</p>}
      {connectionError && <p>{connectionError}</p>}
    </div>
  );
}
