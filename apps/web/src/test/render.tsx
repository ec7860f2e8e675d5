/** Render the real app routes in a MemoryRouter with prefilled status / member queries. */
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import type { member, system } from '@lobby/contract';

type MemberInfo = member.MemberInfo;
type SystemStatus = system.SystemStatus;
import { AppProviders, createQueryClient } from '@/app/providers';
import { App } from '@/app/App';
import { systemKeys } from '@/lib/system';
import { memberKeys } from '@/features/session';
import { initI18n } from '@/lib/i18n';
import { setToken } from '@/lib/storage';
import { statusFixture } from './fixtures';

/** The app's providers, for tests that render a part of the app inside them. */
export { AppProviders, createQueryClient };

export interface RenderAppOptions {
  route?: string;
  token?: string | null;
  status?: SystemStatus;
  member?: MemberInfo;
}

/** Shows the current location for assertions: screen.getByTestId('location'). */
function LocationProbe() {
  const l = useLocation();
  return <div data-testid="location">{l.pathname + l.search + l.hash}</div>;
}

export function renderApp({ route = '/', token = null, status = statusFixture(), member }: RenderAppOptions = {}) {
  initI18n('ES');
  setToken(token);
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } });
  client.setQueryData(systemKeys.status(), status);
  client.setQueryData(systemKeys.help('ES'), []);
  if (member) client.setQueryData(memberKeys.info(), member);
  const utils = render(
    <MemoryRouter initialEntries={[route]}>
      <AppProviders queryClient={client}>
        <App />
        <LocationProbe />
      </AppProviders>
    </MemoryRouter>,
  );
  return { ...utils, client };
}
