import { SpaceSwitcher } from '@stream/ui';
import { rememberSpace, rememberedSpace, type ActiveSpace } from '@stream/video-api';
import { getRouteApi, useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

const route = getRouteApi('/_authed');

/** The active space (Personal or a team) above the side navigation; choosing one opens its library. */
export function SpaceNav() {
  const { queryClient, transport } = route.useRouteContext();
  const navigate = useNavigate();
  const [spaces, setSpaces] = useState<ActiveSpace[]>();
  // On /videos the URL says which space; elsewhere the one chosen last in this tab.
  const shown = useRouterState({
    select: (s) => (s.location.pathname === '/videos' ? ((s.location.search as { space?: string }).space ?? '') : null),
  });
  const remembered = rememberedSpace();
  const id = shown ?? remembered.id;
  const listed = spaces?.find((s) => s.id === id)?.name;
  const name = id === '' ? 'Personal' : (listed ?? (id === remembered.id ? remembered.name : ''));
  const load = () =>
    void import('../../team-spaces')
      .then(({ loadSpaces }) => loadSpaces(queryClient, transport))
      .then(setSpaces, () => setSpaces([rememberedSpace()]));
  // A space that came by URL alone: its name is asked at once, not when the switcher opens.
  const unnamed = !name;
  useEffect(() => {
    if (unnamed) load();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per unnamed space
  }, [unnamed, id]);
  return (
    <SpaceSwitcher
      current={name || 'Team'}
      spaces={spaces}
      onOpen={load}
      onChoose={(space) => {
        rememberSpace(space);
        void navigate({ to: '/videos', search: space.id ? { space: space.id } : {} });
      }}
    />
  );
}
