import { describe, expect, it } from 'vitest';
import type { ProfilesState } from '../../../connection/index.ts';
import { profileItems } from './profile-items.ts';

const state: ProfilesState = {
  activeId: 'p1',
  profiles: [
    {
      id: 'p1',
      name: 'Default',
      baseUrl: 'https://sg.example.com/',
      analyticsUrl: '',
      scheme: 'token',
      sudoUser: '',
      transport: 'relay',
    },
    {
      id: 'p2',
      name: 'Staging',
      baseUrl: 'not a url',
      analyticsUrl: '',
      scheme: 'token',
      sudoUser: '',
      transport: 'relay',
    },
  ],
};

describe('profileItems', () => {
  it('lists every profile with its host; the one in use is disabled and says so', () => {
    const items = profileItems(state, () => {});
    expect(items.map((i) => [i.id, i.kind, i.title, i.detail, i.disabled])).toEqual([
      ['profile:p1', 'profile', 'Default', 'sg.example.com · in use', true],
      ['profile:p2', 'profile', 'Staging', 'not a url', undefined],
    ]);
  });

  it('switches to the profile', () => {
    const switched: string[] = [];
    profileItems(state, (id) => switched.push(id))[1]!.run();
    expect(switched).toEqual(['p2']);
  });
});
