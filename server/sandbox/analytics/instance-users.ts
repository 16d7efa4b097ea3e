/**
 * The report users of the sandbox instance are that instance's users (server/sandbox/seat-users.ts):
 * the data set's generated people keep their activity (seed, clients, languages, so a scale gives
 * the same rows) and take the identity the instance knows them by; the rest are deleted accounts,
 * whose IDs lie above every instance user's.
 */
import { DELETED_ID_BASE, reportedUsers, reportPerson } from '../seat-users.ts';
import type { Dataset } from './data.ts';

export function withInstanceUsers(ds: Dataset): Dataset {
  const reported = reportedUsers();
  const users = ds.users.map((u, index) => {
    const person = reportPerson(index, reported);
    return person ? { ...u, ...person } : { ...u, id: DELETED_ID_BASE + u.id };
  });
  return { ...ds, users };
}
